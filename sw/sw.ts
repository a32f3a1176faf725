/// <reference lib="webworker" />
/**
 * The service worker entry (vite-plugin-pwa `injectManifest`, built to `dist/sw.js`).
 * It only wires the modules beside it; each concern lives in its own file.
 */
import { registerOfflineCache } from './offline-cache.ts';
import { registerNotificationClick } from './notification-click.ts';
import { registerPrecache } from './precache.ts';
import { registerPush } from './push.ts';
import { registerUpdateMessages } from './update.ts';

registerOfflineCache();
registerPrecache();
registerUpdateMessages();
registerPush();
registerNotificationClick();
