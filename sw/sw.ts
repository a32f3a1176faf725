/// <reference lib="webworker" />
/**
 * The service worker entry (vite-plugin-pwa `injectManifest`, built to `dist/sw.js`).
 * It only wires the modules beside it; each concern lives in its own file.
 */
import { registerPrecache } from './precache.ts';
import { registerUpdateMessages } from './update.ts';

registerPrecache();
registerUpdateMessages();
