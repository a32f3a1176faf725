/// <reference lib="webworker" />
/**
 * App-shell precache: every built asset listed in the injected manifest is cached at install,
 * outdated caches of earlier versions are removed, and every navigation that is not an API,
 * WebSocket, upload or OAuth request is answered with the precached `index.html` (SPA shell).
 */
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

declare let self: ServiceWorkerGlobalScope;

/**
 * Paths the server answers itself: never replaced by the app shell. `/oauth2/…` starts a social
 * login and `/login/oauth2/code/…` is where the provider sends the browser back (issue #8).
 */
export const NAVIGATION_DENYLIST: RegExp[] = [
  /^\/api(?:\/|$)/,
  /^\/ws(?:\/|$)/,
  /^\/uploads(?:\/|$)/,
  /^\/oauth2(?:\/|$)/,
  /^\/login\/oauth2(?:\/|$)/,
];

export function registerPrecache(): void {
  precacheAndRoute(self.__WB_MANIFEST);
  cleanupOutdatedCaches();
  registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: NAVIGATION_DENYLIST }));
}
