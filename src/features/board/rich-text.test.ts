/**
 * Issue #29 item 5: the three consumers of the post HTML allowlist (common/rich-text.ts) agree.
 * DOMPurify keeps of each common fixture exactly what the server's sanitize-html keeps
 * (server/modules/board/rich-text-allowlist.test.ts runs the same fixtures), and the Lexical editor's
 * node list reads every allowed tag and writes no other.
 */
import { describe, expect, it } from 'vitest';
import { $generateHtmlFromNodes, $generateNodesFromDOM } from '@lexical/html';
import { $getRoot, $insertNodes, createEditor } from 'lexical';
import { RICH_TEXT_TAGS, type RichTextTag } from '@common/rich-text';
import { FIXTURE_UPLOAD, normalizeRichText, RICH_TEXT_FIXTURES } from '@common/rich-text.fixtures';
import { POST_EDITOR_NODES, sanitizePostHtml } from './rich-text';

/** HTML through an editor with the post editor's nodes: imported as the editor loads a post, exported as it saves. */
function throughEditor(html: string): string {
  const editor = createEditor({
    nodes: POST_EDITOR_NODES,
    onError: (error) => {
      throw error;
    },
  });
  editor.update(
    () => {
      const dom = new DOMParser().parseFromString(html, 'text/html');
      $getRoot().select();
      $insertNodes($generateNodesFromDOM(editor, dom));
    },
    { discrete: true },
  );
  return editor.read(() => $generateHtmlFromNodes(editor, null));
}

/** The tag names in `html`. */
const tagsOf = (html: string) => new Set([...html.matchAll(/<([a-zA-Z][a-zA-Z0-9]*)/g)].map((m) => m[1]!.toLowerCase()));

/** One post holding each allowed tag. */
const SAMPLES: Record<RichTextTag, string> = {
  p: '<p>x</p>',
  br: '<p>a<br>b</p>',
  strong: '<p><strong>x</strong></p>',
  b: '<p><b>x</b></p>',
  em: '<p><em>x</em></p>',
  i: '<p><i>x</i></p>',
  u: '<p><u>x</u></p>',
  s: '<p><s>x</s></p>',
  h2: '<h2>x</h2>',
  h3: '<h3>x</h3>',
  ul: '<ul><li>x</li></ul>',
  ol: '<ol><li>x</li></ol>',
  li: '<ul><li>x</li></ul>',
  blockquote: '<blockquote>x</blockquote>',
  a: '<p><a href="https://ex.example/">x</a></p>',
  img: `<p><img src="/uploads/${FIXTURE_UPLOAD}" alt="x"></p>`,
};

describe('post HTML allowlist on the client (DOMPurify)', () => {
  for (const { name, html, kept } of RICH_TEXT_FIXTURES) {
    it(name, () => {
      expect(normalizeRichText(sanitizePostHtml(html))).toBe(normalizeRichText(kept));
    });
  }
});

describe('the post editor’s Lexical nodes and the allowlist', () => {
  it('reads every allowed tag and writes it back', () => {
    expect(Object.keys(SAMPLES).sort()).toEqual([...RICH_TEXT_TAGS].sort());
    const lost = RICH_TEXT_TAGS.filter((tag) => !tagsOf(throughEditor(SAMPLES[tag])).has(tag));
    expect(lost).toEqual([]);
  });

  it('writes no tag outside the allowlist from allowlisted content (span: its text wrapper, which the sanitisers unwrap)', () => {
    const inputs = [...Object.values(SAMPLES), ...RICH_TEXT_FIXTURES.map((f) => sanitizePostHtml(f.html))];
    const written = new Set(inputs.flatMap((html) => [...tagsOf(throughEditor(html))]));
    const allowed = new Set<string>([...RICH_TEXT_TAGS, 'span']);
    expect([...written].filter((tag) => !allowed.has(tag))).toEqual([]);
    // …and the sanitisers leave the editor's text in place.
    expect(sanitizePostHtml(throughEditor('<p><b>x</b> y</p>'))).toBe('<p><b><strong>x</strong></b> y</p>');
  });

  it('the checks can fail: a tag the nodes do not read is lost, one they write is seen', () => {
    expect(tagsOf(throughEditor('<table><tr><td>x</td></tr></table>')).has('table')).toBe(false);
    expect(tagsOf(throughEditor('<h1>x</h1>')).has('h1')).toBe(true);
  });
});
