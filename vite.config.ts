import { readFileSync } from 'node:fs';
import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA, type ManifestOptions } from 'vite-plugin-pwa';
import { leanContractPlugin } from './scripts/lean-contract.ts';

/** The web app manifest lives at the repository root; the PWA plugin emits it and precaches it. */
const manifest = JSON.parse(
  readFileSync(new URL('./manifest.webmanifest', import.meta.url), 'utf8'),
) as Partial<ManifestOptions>;

/**
 * The modules of the 'shell' chunk (build.rolldownOptions below): what every page loads after its
 * first render. Each entry is the start of a module path below the project (Vite's ids use '/').
 */
const SHELL_CHUNK = [
  'node_modules/@tanstack/query-core/',
  'node_modules/@tanstack/react-query/',
  'node_modules/idb-keyval/',
  'src/lib/outbox/',
  'src/lib/saved-at-label.',
  'src/lib/offline-mirror.',
  'src/features/shell/hooks/use-offline-support.',
  'src/features/shell/hooks/use-online-status.',
  'src/features/shell/components/offline-banner.',
  'src/features/shell/components/update-prompt.',
  'src/features/shell/components/install-prompt.',
];
/**
 * The modules of the 'member' chunk: what the signed-in pages share (lists' load states, the query
 * and mutation helpers, the match operations), which a member page's chunk imports.
 */
const MEMBER_CHUNK = [
  'src/routes/_authenticated.tsx',
  'src/shared/mutations/',
  'src/shared/query/',
  'common/api/matches.',
  'src/components/ui/load-state.',
  'src/components/ui/load-more.',
  'src/components/ui/toggle-chip.',
];
/**
 * The modules of the 'live' chunk: the signed-in shell's extras (live channel, bell, tab bar, push),
 * which the root layout loads once the first page has loaded (src/routes/__root.tsx); apart from
 * 'member', so a member page's chunk does not pull the STOMP client in before the page shows.
 */
const LIVE_CHUNK = [
  'src/routes/-live-services.',
  'src/routes/-tab-bar.',
  'src/features/notifications/store.',
  'src/features/notifications/hooks/use-live-notifications.',
  'src/features/notifications/hooks/use-tab-badges.',
  'src/features/notifications/components/notification-bell.',
  'src/features/notifications/api/use-mark-notifications-read.',
  'src/features/push/foreground.',
  'src/features/push/hooks/use-push.',
  'src/features/shell/components/tab-bar.',
];
const projectRoot = fileURLToPath(new URL('.', import.meta.url));
/**
 * A chunk group's test: a module whose path starts with one of `paths`. A form schema's whole copy
 * (`?whole`, scripts/lean-contract.ts) stays with its form, so no group pulls TypeBox in. A package
 * (`node_modules/…`) matches wherever its node_modules is: a checkout whose node_modules is a link
 * to another (a benchmark's baseline worktree) resolves its packages to that other path.
 */
const inChunk = (paths: readonly string[]) => (id: string) => {
  if (id.includes('?whole')) return false;
  const own = id.startsWith(projectRoot) ? id.slice(projectRoot.length) : null;
  return paths.some((p) => (p.startsWith('node_modules/') ? id.includes(`/${p}`) : own?.startsWith(p) === true));
};

/** Where `vite` (dev) forwards API, upload and WebSocket traffic: the API server of `npm run dev:server`. */
const apiTarget = process.env.VITE_DEV_API_TARGET ?? 'http://127.0.0.1:8080';

export default defineConfig({
  resolve: {
    alias: {
      '@common': fileURLToPath(new URL('./common', import.meta.url)),
      // The language catalogue is shared with the server (issue #29 item 4): `@/i18n/ko` and
      // `@/i18n/shell` are common/i18n/*. Listed before '@', which the first match wins over.
      '@/i18n': fileURLToPath(new URL('./common/i18n', import.meta.url)),
      '@': fileURLToPath(new URL('./src', import.meta.url)),
    },
  },
  plugins: [
    tanstackRouter({
      target: 'react',
      routesDirectory: './src/routes',
      generatedRouteTree: './src/routeTree.gen.ts',
      autoCodeSplitting: true,
      // Loaders are split out of the route tree too (issue #14): they import each page's query
      // factories and API code, which must not weigh on the first render of the home page.
      codeSplittingOptions: {
        defaultBehavior: [['loader'], ['component'], ['pendingComponent'], ['errorComponent'], ['notFoundComponent']],
      },
      routeFileIgnorePattern: '\\.test\\.',
    }),
    react(),
    // Production client: operations without their schemas, so no first view builds TypeBox (issue #33 item 1).
    leanContractPlugin(fileURLToPath(new URL('.', import.meta.url))),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest,
      manifestFilename: 'manifest.webmanifest',
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webp,ico,webmanifest,woff2}'],
        // The manifest's store screenshots are for the install sheet, not for offline use.
        globIgnores: ['screenshots/**'],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
  ],
  server: {
    proxy: {
      '/api': apiTarget,
      '/uploads': apiTarget,
      '/oauth2': apiTarget,
      '/ws': { target: apiTarget, ws: true },
    },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    // scripts/prerender.mjs reads which CSS files a prerendered page's route chunk needs, then
    // deletes the manifest (nothing serves it).
    manifest: true,
    rolldownOptions: {
      output: {
        // Issue #18 item 8: everything the entry imports statically ('$initial': what loads before
        // the first render anyway) goes into one chunk, instead of a dozen shared chunks of
        // react-dom, the router and the query client that each cost a request and compress alone
        // (gzip shares no dictionary across files): −4.9 kB gzip in `npm run bench:size`. Lazy
        // routes and components still import from it; nothing lazy moves into it.
        codeSplitting: {
          groups: [
            // React DOM (and its scheduler), 58 kB of the first chunk's 108 kB brotli, in a chunk of its
            // own (issue #33 item 2): the two halves download side by side on HTTP/1.1's connections,
            // each with its own TCP window, instead of one file growing its window alone (Lighthouse's
            // simulated `/`: 1.99 → 1.79 s); together they compress as before (108.2 kB).
            { name: 'react-dom', test: /[\\/]node_modules[\\/](react-dom|scheduler)[\\/]/ },
            { name: 'app', tags: ['$initial'] },
            // Issue #33 item 1: TypeBox in a chunk of its own, which only the forms' schemas import
            // (scripts/lean-contract.ts); left to the default, it can share a chunk with a contract
            // module every page loads.
            { name: 'typebox', test: /[\\/]node_modules[\\/]typebox[\\/]/ },
            // Issue #33 item 2: what every page loads right after its first render (the offline
            // banner, the update and install prompts, the outbox, TanStack Query's observers) and
            // what member pages share ('member': load states, query and mutation helpers) and the
            // signed-in shell's extras ('live': live services, tab bar, bell, push, the STOMP
            // client), each as one chunk: left to the default they
            // were 7 and 20 chunks of 0.1–3 kB, and each costs a request and a <link
            // rel="modulepreload"> the page appends on a slow phone's main thread. Named modules,
            // not a size rule: a page that imports none of them (the login) loads neither chunk.
            // The full catalogue stays a chunk of its own (the login loads it, not the member chunk).
            { name: 'ko', test: /[\\/]common[\\/]i18n[\\/]ko\.ts$/ },
            { name: 'shell', test: inChunk(SHELL_CHUNK) },
            { name: 'member', test: inChunk(MEMBER_CHUNK) },
            // The live channel's subscriptions (src/lib/stomp-client.ts) on their own, before 'live' (which
            // would take them in as a dependency of the live services): the chat list and a chat import
            // them, and need neither the shell's extras nor @stomp/stompjs, which loads at the connect.
            { name: 'stomp-client', test: inChunk(['src/lib/stomp-client.']) },
            // The FCM token's wiring (src/lib/fcm.ts; Firebase itself loads at its first use) on its own:
            // 활동's push prompt imports it, and must not pull the live services in before the page shows.
            { name: 'fcm', test: inChunk(['src/lib/fcm.']) },
            { name: 'live', test: inChunk(LIVE_CHUNK) },
          ],
        },
      },
    },
  },
});
