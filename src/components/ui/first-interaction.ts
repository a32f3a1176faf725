import { useState } from 'react';

/**
 * Runs `load` once, right after the member's first press or key anywhere on the page (issue #33
 * item 1): code a first view does not show (sonner, the confirm dialog) stays out of the first
 * view's JavaScript, yet is fetched while the member is still online, so a toast or a confirm
 * raised offline shows even before the service worker controls the page (after that it precaches
 * every JavaScript file anyway). Answers a cleanup that removes the listeners.
 */
export function onFirstInteraction(load: () => void): () => void {
  const events = ['pointerdown', 'keydown'] as const;
  const run = () => {
    stop();
    // After the press has done its own work.
    setTimeout(load, 0);
  };
  const stop = () => {
    for (const name of events) window.removeEventListener(name, run, { capture: true });
  };
  for (const name of events) window.addEventListener(name, run, { capture: true, passive: true });
  return stop;
}

/**
 * True from the first time `open` is, and ever after: a lazy dialog mounts (and loads its chunk)
 * when first opened and then stays mounted, to animate out and return focus.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
