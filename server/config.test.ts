import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { CONFIG_DOC, ConfigError, DEFAULT_RATE_LIMITS, ENV_NAMES, envExample, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const c = loadConfig({});
    expect(c.port).toBe(8080);
    expect(c.host).toBe('0.0.0.0');
    expect(c.dataDir).toBe(path.resolve('./data'));
    expect(c.staticDir).toBe(path.resolve('./dist'));
    expect(c.publicUrl).toBe('http://localhost:8080');
    expect(c.trustProxy).toBe(false);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.smtpUrl).toBeUndefined();
    expect(c.jwtSecret).toBeUndefined();
    expect(c.oauth).toEqual({ kakao: undefined, naver: undefined });
    expect(c.rateLimits).toEqual(DEFAULT_RATE_LIMITS);
  });

  it('CONTACT_EMAIL: any address with an s in it is accepted; whitespace is refused', () => {
    expect(loadConfig({ CONTACT_EMAIL: 'safety@sample.kr' }).contactEmail).toBe('safety@sample.kr');
    expect(() => loadConfig({ CONTACT_EMAIL: 'a b@example.com' })).toThrow(ConfigError);
  });

  it('reads every variable', () => {
    const c = loadConfig({
      PORT: '9000', HOST: '127.0.0.1', DATA_DIR: '/tmp/x', DATABASE_URL: 'postgres://u@h/db', REDIS_URL: 'redis://r:6379', SMTP_URL: 'smtp://m:25',
      MAIL_FROM: 'a@b.c', JWT_SECRET: 'k'.repeat(32), PUBLIC_URL: 'https://bap.example', TRUST_PROXY: '10.0.0.0/8, 127.0.0.1', STATIC_DIR: '/srv/dist',
      LOG_LEVEL: 'debug', NAVER_CLIENT_ID: 'n', NAVER_CLIENT_SECRET: 's', RATE_LIMIT_LOGIN_PER_IP: '5',
    });
    expect(c).toMatchObject({ port: 9000, host: '127.0.0.1', dataDir: '/tmp/x', databaseUrl: 'postgres://u@h/db', redisUrl: 'redis://r:6379', smtpUrl: 'smtp://m:25', publicUrl: 'https://bap.example', staticDir: '/srv/dist', logLevel: 'debug' });
    expect(c.trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1']);
    expect(c.oauth.naver).toEqual({
      clientId: 'n',
      clientSecret: 's',
      authUrl: 'https://nid.naver.com/oauth2.0/authorize',
      tokenUrl: 'https://nid.naver.com/oauth2.0/token',
      userInfoUrl: 'https://openapi.naver.com/v1/nid/me',
    });
    expect(loadConfig({ KAKAO_CLIENT_ID: 'k', KAKAO_CLIENT_SECRET: 's', KAKAO_TOKEN_URL: 'http://127.0.0.1:9/token' }).oauth.kakao).toMatchObject({
      authUrl: 'https://kauth.kakao.com/oauth/authorize',
      tokenUrl: 'http://127.0.0.1:9/token',
      userInfoUrl: 'https://kapi.kakao.com/v2/user/me',
    });
    expect(c.rateLimits.loginPerIp.max).toBe(5);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: 'off' }).trustProxy).toBe(false);
    expect(loadConfig({ PORT: '' }).port).toBe(8080);
  });

  it('rejects invalid values, naming each variable', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/);
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
    expect(() => loadConfig({ PUBLIC_URL: 'localhost:8080' })).toThrow(/PUBLIC_URL/);
  });

  it('Kakao Local: off without a key; default origin; trailing slashes dropped; bad URL refused', () => {
    expect(loadConfig({}).kakaoLocal).toBeUndefined();
    expect(loadConfig({ KAKAO_LOCAL_BASE_URL: 'http://127.0.0.1:1' }).kakaoLocal).toBeUndefined();
    expect(loadConfig({ KAKAO_REST_API_KEY: 'k' }).kakaoLocal).toEqual({ restApiKey: 'k', baseUrl: 'https://dapi.kakao.com' });
    expect(loadConfig({ KAKAO_REST_API_KEY: 'k', KAKAO_LOCAL_BASE_URL: 'http://127.0.0.1:9999/' }).kakaoLocal).toEqual({ restApiKey: 'k', baseUrl: 'http://127.0.0.1:9999' });
    expect(() => loadConfig({ KAKAO_REST_API_KEY: 'k', KAKAO_LOCAL_BASE_URL: 'dapi.kakao.com' })).toThrow(/KAKAO_LOCAL_BASE_URL/);
  });

  it('reads ADMIN_EMAILS as a lower-cased, trimmed list (issue #17 moderation)', () => {
    expect(loadConfig({}).adminEmails).toEqual([]);
    expect(loadConfig({ ADMIN_EMAILS: ' Admin@Example.com, ops@example.com ,' }).adminEmails).toEqual(['admin@example.com', 'ops@example.com']);
  });

  it('documents every variable it reads, and .env.example lists them all (npm run env:example)', () => {
    expect(new Set(CONFIG_DOC.map((r) => r.name))).toEqual(new Set(ENV_NAMES));
    const example = readFileSync(new URL('../.env.example', import.meta.url), 'utf8');
    expect(example).toBe(envExample());
    for (const name of ENV_NAMES) expect(example).toContain(`# ${name}=`);
  });

  it('documents the variables every deployment needs', () => {
    const names = CONFIG_DOC.map((r) => r.name);
    for (const n of ['PORT', 'HOST', 'DATA_DIR', 'DATABASE_URL', 'REDIS_URL', 'SMTP_URL', 'MAIL_FROM', 'JWT_SECRET', 'PUBLIC_URL', 'TRUST_PROXY', 'STATIC_DIR', 'LOG_LEVEL', 'KAKAO_CLIENT_ID', 'KAKAO_CLIENT_SECRET', 'NAVER_CLIENT_ID', 'NAVER_CLIENT_SECRET', 'KAKAO_REST_API_KEY', 'KAKAO_LOCAL_BASE_URL']) {
      expect(names).toContain(n);
    }
  });
});
