/**
 * A loopback stand-in for Kakao and Naver (issue #8 tests), built on `oauth2-mock-server`: one HTTP
 * server with two OAuth2Service instances under `/kakao/…` and `/naver/…` (the real providers'
 * paths after the prefix). The authorize endpoint redirects straight back with a code (no login
 * page) — or with `?error=…` when a test queued an error.
 *
 * oauth2-mock-server verifies the PKCE verifier against the challenge, but accepts any code and
 * any client; the hooks below make the stand-in enforce what the tests rely on, like the real
 * providers do:
 * - a code is valid only if this server issued it, and only ONCE (a replay → `invalid_grant`);
 * - the client id and secret must match, and Kakao's `redirect_uri` must equal the authorize one;
 * - a code issued with a PKCE challenge needs a `code_verifier`;
 * - Naver answers token errors with HTTP 200 and an `error` body, as the real Naver does.
 * User info is answered in each provider's own shape for the user queued (or a default one).
 *
 * Tests in the same process use `startOAuthStandIn()`; the e2e run starts it as a web server
 * (e2e/support/oauth-provider-server.ts) and queues users through `POST /__control/next`.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OAuth2Issuer, OAuth2Service } from 'oauth2-mock-server';

export type StandInProvider = 'kakao' | 'naver';

/** A provider-side account. */
export interface StandInUser {
  id: string;
  name?: string;
  email?: string;
  /** Kakao `is_email_verified` (default true). */
  emailVerified?: boolean;
  /** Absolute URL of the picture; `'stand-in'` = this server's own small PNG. */
  profileImage?: string;
}

/** What one authorization hands out next: a user, or an `error` redirect (e.g. `access_denied`). */
export type NextAuthorization = { user: StandInUser } | { error: string };

/** A token request the stand-in received (for assertions). */
export interface TokenRequestLog {
  provider: StandInProvider;
  body: Record<string, string>;
  outcome: 'ok' | string;
}

export interface OAuthStandIn {
  /** `http://127.0.0.1:<port>` */
  url: string;
  port: number;
  /** Client credentials each provider accepts. */
  clients: Record<StandInProvider, { clientId: string; clientSecret: string }>;
  /** Environment for the app: client ids/secrets and the endpoint URLs of both providers. */
  env(): Record<string, string>;
  /** Queues what the next authorization of `provider` hands out. */
  next(provider: StandInProvider, next: NextAuthorization): void;
  tokenRequests: TokenRequestLog[];
  close(): Promise<void>;
}

const PATHS: Record<StandInProvider, { authorize: string; token: string; userinfo: string }> = {
  kakao: { authorize: '/kakao/oauth/authorize', token: '/kakao/oauth/token', userinfo: '/kakao/v2/user/me' },
  naver: { authorize: '/naver/oauth2.0/authorize', token: '/naver/oauth2.0/token', userinfo: '/naver/v1/nid/me' },
};

/** Client credentials each provider accepts. */
export const STAND_IN_CLIENTS: Record<StandInProvider, { clientId: string; clientSecret: string }> = {
  kakao: { clientId: 'kakao-stand-in-client', clientSecret: 'kakao-stand-in-secret' },
  naver: { clientId: 'naver-stand-in-client', clientSecret: 'naver-stand-in-secret' },
};

/** The app's environment for a stand-in at `base` (client ids/secrets and all six endpoint URLs). */
export function standInAppEnv(base: string): Record<string, string> {
  return {
    KAKAO_CLIENT_ID: STAND_IN_CLIENTS.kakao.clientId,
    KAKAO_CLIENT_SECRET: STAND_IN_CLIENTS.kakao.clientSecret,
    KAKAO_AUTH_URL: `${base}${PATHS.kakao.authorize}`,
    KAKAO_TOKEN_URL: `${base}${PATHS.kakao.token}`,
    KAKAO_USERINFO_URL: `${base}${PATHS.kakao.userinfo}`,
    NAVER_CLIENT_ID: STAND_IN_CLIENTS.naver.clientId,
    NAVER_CLIENT_SECRET: STAND_IN_CLIENTS.naver.clientSecret,
    NAVER_AUTH_URL: `${base}${PATHS.naver.authorize}`,
    NAVER_TOKEN_URL: `${base}${PATHS.naver.token}`,
    NAVER_USERINFO_URL: `${base}${PATHS.naver.userinfo}`,
  };
}

/** A 4×4 orange PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVR4nGP438EARwgWXg4Ai6IYcdNIdYsAAAAASUVORK5CYII=',
  'base64',
);

interface Grant {
  provider: StandInProvider;
  user: StandInUser;
  clientId: string;
  redirectUri: string;
  challenge: string | undefined;
  used: boolean;
}

/** Starts the stand-in on 127.0.0.1 (`port` 0 = a free port). */
export async function startOAuthStandIn(port = 0): Promise<OAuthStandIn> {
  const issuer = new OAuth2Issuer();
  await issuer.keys.generate('RS256');
  const clients = STAND_IN_CLIENTS;
  const queues: Record<StandInProvider, NextAuthorization[]> = { kakao: [], naver: [] };
  const grants = new Map<string, Grant>();
  const accessTokens = new Map<string, { provider: StandInProvider; user: StandInUser }>();
  const tokenRequests: TokenRequestLog[] = [];
  let base = '';
  let defaultSeq = 0;

  const services = {} as Record<StandInProvider, OAuth2Service>;
  for (const provider of ['kakao', 'naver'] as const) {
    const service = new OAuth2Service(issuer, PATHS[provider]);
    service.on('beforeAuthorizeRedirect', ({ url }: { url: URL }, req: IncomingMessage & { query: Record<string, string | undefined> }) => {
      const code = url.searchParams.get('code');
      const next = queues[provider].shift() ?? { user: { id: `${provider}-default-${++defaultSeq}`, name: '기본 사용자' } };
      if (!code) return;
      if ('error' in next || req.query.client_id !== clients[provider].clientId) {
        url.searchParams.delete('code');
        url.searchParams.set('error', 'error' in next ? next.error : 'invalid_client');
        url.searchParams.set('error_description', 'stand-in refused the authorization');
        return;
      }
      grants.set(code, { provider, user: next.user, clientId: req.query.client_id, redirectUri: req.query.redirect_uri ?? '', challenge: req.query.code_challenge, used: false });
    });
    service.on('beforeResponse', (response: { statusCode: number; body: Record<string, unknown> | '' }, req: IncomingMessage & { body: Record<string, string> }) => {
      const body = req.body;
      const grant = body.code ? grants.get(body.code) : undefined;
      let problem: string | null = null;
      if (body.grant_type !== 'authorization_code') problem = 'unsupported_grant_type';
      else if (!grant || grant.provider !== provider) problem = 'invalid_grant: unknown code';
      else if (grant.used) problem = 'invalid_grant: code already used';
      else if (body.client_id !== clients[provider].clientId || body.client_secret !== clients[provider].clientSecret) problem = 'invalid_client';
      else if (provider === 'kakao' && body.redirect_uri !== grant.redirectUri) problem = 'invalid_grant: redirect_uri mismatch';
      else if (grant.challenge && !body.code_verifier) problem = 'invalid_grant: code_verifier missing';
      if (grant) grant.used = true;
      tokenRequests.push({ provider, body: { ...body }, outcome: problem ?? 'ok' });
      if (problem) {
        const [error, description] = problem.split(': ');
        // Kakao answers 400/401 with an error body; Naver answers HTTP 200 with an error body.
        response.statusCode = provider === 'kakao' ? 400 : 200;
        response.body = { error: error!, error_description: description ?? error! };
        return;
      }
      const accessToken = String((response.body as Record<string, unknown>).access_token);
      accessTokens.set(accessToken, { provider, user: grant!.user });
    });
    service.on('beforeUserinfo', (response: { statusCode: number; body: Record<string, unknown> | '' }, req: IncomingMessage) => {
      const token = (req.headers.authorization ?? '').replace(/^Bearer\s+/i, '');
      const found = accessTokens.get(token);
      if (!found || found.provider !== provider) {
        response.statusCode = 401;
        response.body = provider === 'kakao' ? { msg: 'this access token does not exist', code: -401 } : { resultcode: '024', message: 'Authentication failed' };
        return;
      }
      const u = found.user;
      const image = u.profileImage === 'stand-in' ? `${base}/avatar.png` : u.profileImage;
      response.statusCode = 200;
      response.body =
        provider === 'kakao'
          ? {
              id: Number.isNaN(Number(u.id)) ? u.id : Number(u.id),
              connected_at: new Date().toISOString(),
              kakao_account: {
                profile_nickname_needs_agreement: false,
                profile: { nickname: u.name, ...(image ? { profile_image_url: image, thumbnail_image_url: image, is_default_image: false } : {}) },
                ...(u.email ? { has_email: true, email_needs_agreement: false, is_email_valid: true, is_email_verified: u.emailVerified ?? true, email: u.email } : {}),
              },
            }
          : { resultcode: '00', message: 'success', response: { id: u.id, name: u.name, nickname: u.name, ...(image ? { profile_image: image } : {}), ...(u.email ? { email: u.email } : {}) } };
    });
    services[provider] = service;
  }

  const control = async (req: IncomingMessage, res: ServerResponse) => {
    if (req.url === '/__control/health') return void res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    if (req.url === '/avatar.png') return void res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
    if (req.url === '/__control/next' && req.method === 'POST') {
      let raw = '';
      for await (const chunk of req) raw += String(chunk);
      const { provider, ...next } = JSON.parse(raw) as { provider: StandInProvider } & NextAuthorization;
      queues[provider].push(next);
      return void res.writeHead(204).end();
    }
    res.writeHead(404).end();
  };

  const server = createServer((req, res) => {
    const url = req.url ?? '/';
    if (url.startsWith('/kakao/')) return services.kakao.requestHandler(req, res);
    if (url.startsWith('/naver/')) return services.naver.requestHandler(req, res);
    control(req, res).catch(() => res.writeHead(400).end());
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const actualPort = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${actualPort}`;
  issuer.url = base;

  return {
    url: base,
    port: actualPort,
    clients,
    tokenRequests,
    env: () => standInAppEnv(base),
    next: (provider, next) => void queues[provider].push(next),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
