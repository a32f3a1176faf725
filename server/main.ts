/**
 * Server entry: reads the configuration, builds the app, listens, and shuts down gracefully on
 * SIGINT/SIGTERM (stops accepting, finishes in-flight requests, closes the database). Start with
 * `npm start` (= `node build/server/main.js`, compiled by `npm run build:server`; `npm run dev:server` runs
 * this file with tsx).
 */
import { ConfigError, loadConfig } from './config.ts';
import { buildApp } from './app.ts';

/** Hard limit for a graceful shutdown before the process exits anyway. */
const SHUTDOWN_TIMEOUT_MS = 10_000;

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }
  const app = await buildApp(config);
  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) {
      app.log.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    app.close().then(
      () => {
        app.log.info('stopped');
        process.exit(0);
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'error during shutdown');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  await app.listen({ port: config.port, host: config.host, listenTextResolver: (address) => `listening on ${address}` });
  app.log.info({ publicUrl: config.publicUrl, db: app.dbKind, mail: app.mailer.kind }, `밥상친구 server ready: open ${config.publicUrl}`);
  const mismatch = publicUrlMismatch(config.publicUrl, config.port);
  if (mismatch) app.log.warn({ publicUrl: config.publicUrl, port: config.port }, mismatch);
}

/**
 * Issue #16: a PUBLIC_URL that cannot reach this process (a loopback URL on another port) is said
 * at start-up; mails and push links would point there. Answers the warning, or null.
 */
function publicUrlMismatch(publicUrl: string, port: number): string | null {
  const url = new URL(publicUrl);
  const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  const urlPort = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  return loopback && urlPort !== port ? `PUBLIC_URL ${publicUrl} does not match the listen port ${port}: links in mails and pushes will not reach this server` : null;
}

main().catch((error: unknown) => {
  console.error('failed to start', error);
  process.exit(1);
});
