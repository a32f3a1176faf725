/**
 * Page titles (issue #14): each route names its page in `staticData.title` (the page's h1, from
 * common/i18n/shell.ts: the route tree is part of the first render), and the root sets
 * `document.title` to "<page name> · 밥상친구" from the deepest match that has one (home and
 * unnamed pages: "밥상친구"). One mechanism for every route; see `usePageTitleAndFocus` in
 * src/features/shell.
 */
import { ko } from '@/i18n/shell';

export const TITLE_SEPARATOR = ' · ';

export function documentTitle(pageName?: string | null): string {
  return pageName ? `${pageName}${TITLE_SEPARATOR}${ko.app.name}` : ko.app.name;
}

/** The title of a list of matched routes (root first): the deepest one that names its page. */
export function titleOfMatches(matches: readonly { staticData?: { title?: string } }[]): string {
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const title = matches[i]?.staticData?.title;
    if (title) return documentTitle(title);
  }
  return documentTitle();
}
