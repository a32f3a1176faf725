/**
 * The Kakao/Naver stand-in as a process for the end-to-end run (playwright.config.ts starts it);
 * specs queue the next provider user with `POST /__control/next` (e2e/support/social.ts).
 * Prints the app environment that points at it.
 *
 * Run: node --import tsx e2e/support/oauth-provider-server.ts   (E2E_OAUTH_PORT, default 2530)
 */
import { startOAuthStandIn } from './oauth-provider.ts';
import { OAUTH_PORT } from './ports.ts';

const standIn = await startOAuthStandIn(OAUTH_PORT);
console.log(`[e2e] Kakao/Naver stand-in on ${standIn.url}`);
const stop = () => void standIn.close().finally(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
