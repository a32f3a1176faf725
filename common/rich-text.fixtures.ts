/**
 * Fixtures of the post HTML allowlist (common/rich-text.ts), run through each consumer by
 * server/modules/board/rich-text-allowlist.test.ts (sanitize-html) and
 * src/features/board/rich-text.test.ts (DOMPurify and the Lexical editor): both must turn each
 * `html` into `kept` (compared with `normalizeRichText`). Only for tests.
 */

/** An upload name the server's test registers as stored. */
export const FIXTURE_UPLOAD = 'abcdefgh.webp';

const A = 'rel="noopener nofollow ugc" target="_blank"';

/** Input HTML and what the allowlist keeps of it. */
export const RICH_TEXT_FIXTURES: ReadonlyArray<{ name: string; html: string; kept: string }> = [
  { name: 'inline formatting', html: '<p><strong>a</strong><b>b</b><em>c</em><i>d</i><u>e</u><s>f</s><br>h</p>', kept: '<p><strong>a</strong><b>b</b><em>c</em><i>d</i><u>e</u><s>f</s><br>h</p>' },
  { name: 'blocks', html: '<h2>t</h2><h3>u</h3><ul><li>x</li></ul><ol><li>y</li></ol><blockquote>q</blockquote>', kept: '<h2>t</h2><h3>u</h3><ul><li>x</li></ul><ol><li>y</li></ol><blockquote>q</blockquote>' },
  { name: 'other tags go, their text stays', html: '<h1>big</h1><div>d<span>s</span></div><h4>h</h4><pre>p</pre><code>c</code><strike>k</strike>', kept: 'bigdshpck' },
  { name: 'script, style and frames go with their content', html: '<p>a<script>alert(1)</script><style>p{}</style><iframe src="https://ex.example">i</iframe><noscript>n</noscript>b</p>', kept: '<p>ab</p>' },
  { name: 'no attribute outside the list', html: '<p class="x" style="color:red" onclick="y()" id="z" title="t" data-x="1" aria-label="l">t</p><h2 dir="rtl">h</h2>', kept: '<p>t</p><h2>h</h2>' },
  { name: 'an http(s) link keeps its href, with rel and target forced', html: '<a href="https://ex.example/a?b=1" onclick="x()" class="c" rel="opener" target="_self">l</a>', kept: `<a href="https://ex.example/a?b=1" ${A}>l</a>` },
  { name: 'other link URLs lose the href', html: '<a href="javascript:alert(1)">j</a><a href="/relative">r</a><a href="mailto:x@ex.example">m</a><a href="data:text/html,x">d</a>', kept: `<a ${A}>j</a><a ${A}>r</a><a ${A}>m</a><a ${A}>d</a>` },
  { name: 'an upload image keeps src, alt and numeric sizes', html: `<img src="/uploads/${FIXTURE_UPLOAD}" alt="a" width="10" height="20" class="c" onerror="x()" title="t">`, kept: `<img src="/uploads/${FIXTURE_UPLOAD}" alt="a" width="10" height="20">` },
  { name: 'odd sizes go', html: `<img src="/uploads/${FIXTURE_UPLOAD}" width="99999" height="10px">`, kept: `<img src="/uploads/${FIXTURE_UPLOAD}">` },
  {
    name: 'images from elsewhere go entirely',
    html: '<p>x<img src="https://evil.example/p.png" alt="e"><img src="data:image/png;base64,AAAA"><img src="/uploads/../etc.webp"><img src="//evil.example/uploads/abcdefgh.webp"><img alt="none">y</p>',
    kept: '<p>xy</p>',
  },
];

/**
 * The comparable form of sanitised HTML: tags in lower case, attributes sorted, `<br />` as `<br>`
 * (sanitize-html and DOMPurify write the same markup differently).
 */
export function normalizeRichText(html: string): string {
  return html.replace(/<([a-zA-Z0-9]+)((?:\s+[^\s=/>]+(?:="[^"]*")?)*)\s*\/?>/g, (_, tag: string, attrs: string) => {
    const list = [...attrs.matchAll(/([^\s=]+)(?:="([^"]*)")?/g)].map((m) => `${m[1]!.toLowerCase()}="${m[2] ?? ''}"`).sort();
    return `<${tag.toLowerCase()}${list.map((a) => ` ${a}`).join('')}>`;
  });
}
