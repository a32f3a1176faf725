/**
 * Issue #29 item 5: the server's sanitize-html keeps exactly what common/rich-text.ts allows — the
 * same fixtures src/features/board/rich-text.test.ts runs through the client's DOMPurify.
 */
import { describe, expect, it } from 'vitest';
import { FIXTURE_UPLOAD, normalizeRichText, RICH_TEXT_FIXTURES } from '../../../common/rich-text.fixtures.ts';
import { sanitizePostHtml } from './sanitize.ts';

describe('post HTML allowlist on the server (sanitize-html)', () => {
  for (const { name, html, kept } of RICH_TEXT_FIXTURES) {
    it(name, () => {
      const { html: clean } = sanitizePostHtml(html, { uploads: new Set([FIXTURE_UPLOAD]) });
      expect(normalizeRichText(clean)).toBe(normalizeRichText(kept));
    });
  }

  it('the comparison can fail: a tag or attribute more is a difference', () => {
    expect(normalizeRichText('<p class="x">t</p>')).not.toBe(normalizeRichText('<p>t</p>'));
    expect(normalizeRichText('<img alt="a" src="/x" />')).toBe(normalizeRichText('<img src="/x" alt="a">'));
  });
});
