/**
 * After a navigation the new page's h1 takes the focus (issue #14), but not from a menu the member
 * opened while the page was still rendering: moving the focus would close the menu under their
 * finger (Radix closes a menu when the focus leaves it).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { focusPageHeading } from './use-page-title-and-focus';

afterEach(() => {
  document.body.innerHTML = '';
});

function page(): HTMLElement {
  document.body.innerHTML = '<main id="main" tabindex="-1"><h1>활동 내역</h1></main><div role="menu" tabindex="-1"><div role="menuitem" tabindex="-1">관리자</div></div>';
  return document.querySelector('h1')!;
}

describe('focusPageHeading', () => {
  it('moves the focus to the new page h1', () => {
    const heading = page();
    focusPageHeading(0);
    expect(document.activeElement).toBe(heading);
  });

  it('leaves the focus in a menu the member opened meanwhile', () => {
    page();
    const item = document.querySelector<HTMLElement>('[role="menuitem"]')!;
    item.focus();
    focusPageHeading(0);
    expect(document.activeElement).toBe(item);
  });
});
