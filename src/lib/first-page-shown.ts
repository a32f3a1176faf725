/**
 * The moment the app's first page has painted (issue #33 item 2), as a promise that settles once:
 * the root layout marks it (`useFirstPageShown`, src/routes/__root.tsx). Work that need not come
 * before the page waits for it, so that on a slow phone it does not share the network and the main
 * thread with the page's own chunks, list and render: the stored session's `me` check (src/main.tsx).
 */
let mark: () => void = () => undefined;

/** Settles when `markFirstPageShown` is first called; never rejects. */
export const firstPageShown: Promise<void> = new Promise<void>((resolve) => {
  mark = resolve;
});

/** Called by the root layout once its first page has painted; later calls do nothing. */
export function markFirstPageShown(): void {
  mark();
}
