/** The post content allowlist (issue #6): hostile markup removed, the editor's markup kept; only stored uploads as images (issue #13). */
import { describe, expect, it } from 'vitest';
import { isAllowedImageSrc, referencedUploads, sanitizePostHtml, uploadNameOf, type ImagePolicy } from './sanitize.ts';

const STORED = 'ab12ab12ab12ab12ab12ab12ab12ab12.webp';
const policy: ImagePolicy = { uploads: new Set([STORED]), origin: 'https://bapsang.example' };
const clean = (html: string) => sanitizePostHtml(html, policy).html;

describe('sanitizePostHtml', () => {
  it.each([
    ['script', '<p>a</p><script>alert(1)</script>', '<p>a</p>'],
    ['on* handlers', '<p onclick="alert(1)" onmouseover=alert(1)>a</p>', '<p>a</p>'],
    ['javascript: links', '<a href="javascript:alert(1)">x</a>', '<a rel="noopener nofollow ugc" target="_blank">x</a>'],
    ['entity-encoded javascript: links', '<a href="jav&#x09;ascript:alert(1)">x</a>', '<a rel="noopener nofollow ugc" target="_blank">x</a>'],
    ['data: images', '<img src="data:image/png;base64,AAAA">', ''],
    ['http images', '<img src="http://evil.example/a.png">', ''],
    ['images with handlers', '<img src=x onerror=alert(1)>', ''],
    ['style elements and attributes', '<style>p{}</style><p style="color:red">a</p>', '<p>a</p>'],
    ['iframes', '<iframe srcdoc="<script>alert(1)</script>"></iframe><p>a</p>', '<p>a</p>'],
    ['svg', '<svg onload=alert(1)><circle/></svg>b', 'b'],
    ['math mutation', '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>', ''],
    ['protocol-relative images', '<img src="//evil.example/a.png">', ''],
  ])('removes %s', (_name, input, expected) => {
    expect(clean(input)).toBe(expected);
  });

  it('keeps the allowed markup', () => {
    const html =
      '<h2>제목</h2><h3>소제목</h3><p>a<br /><strong>b</strong><b>c</b><em>d</em><i>e</i><u>f</u><s>g</s></p>' +
      '<ul><li>1</li></ul><ol><li>2</li></ol><blockquote>q</blockquote>';
    expect(clean(html)).toBe(html);
  });

  it('keeps the text of <strike> but not the tag: the editor writes <s> (common/rich-text.ts, issue #29 item 5)', () => {
    expect(clean('<p><strike>h</strike></p>')).toBe('<p>h</p>');
  });

  it('forces rel and target on http(s) links', () => {
    expect(clean('<a href="https://example.com/x" rel="opener" target="_self" title="t">x</a>')).toBe(
      '<a href="https://example.com/x" rel="noopener nofollow ugc" target="_blank">x</a>',
    );
  });

  it('keeps stored uploads with alt/width/height only; removes and counts every other image (issue #13)', () => {
    expect(sanitizePostHtml(`<img src="/uploads/${STORED}" alt="국수" width="300" height="abc" class="x" />`, policy)).toEqual({
      html: `<img src="/uploads/${STORED}" alt="국수" width="300" />`,
      removedImages: 0,
    });
    expect(sanitizePostHtml('<p>a</p><img src="https://cdn.example/a.png"><img src="data:image/png;base64,AA"><img src="/uploads/cd34cd34cd34cd34.webp">', policy)).toEqual({
      html: '<p>a</p>',
      removedImages: 3,
    });
    // Our own absolute URL becomes relative.
    expect(clean(`<img src="https://bapsang.example/uploads/${STORED}">`)).toBe(`<img src="/uploads/${STORED}" />`);
    // An img inside a removed element is text, not an image: not counted.
    expect(sanitizePostHtml('<style><img src="https://x.example/a.png"></style><p>b</p>', policy)).toEqual({ html: '<p>b</p>', removedImages: 0 });
  });

  it('is stable when applied twice', () => {
    const once = clean(`<p>a<a href="https://x.example">b</a><img src="/uploads/${STORED}"></p>`);
    expect(sanitizePostHtml(once, policy)).toEqual({ html: once, removedImages: 0 });
  });
});

describe('isAllowedImageSrc / uploadNameOf / referencedUploads', () => {
  it.each([
    [`/uploads/${STORED}`, true],
    [`https://bapsang.example/uploads/${STORED}`, true],
    [`http://bapsang.example/uploads/${STORED}`, false],
    [`https://cdn.example/uploads/${STORED}`, false],
    ['/uploads/cd34cd34cd34cd34.webp', false],
    ['/uploads/../secret', false],
    ['/uploads/..', false],
    ['https://x.example/a.png', false],
    ['javascript:alert(1)', false],
    ['data:image/png;base64,AA', false],
  ])('%s → %s', (src, ok) => expect(isAllowedImageSrc(src, policy)).toBe(ok));

  it('names the well-formed upload names an HTML refers to, once each', () => {
    expect(uploadNameOf('/uploads/a..b.webp')).toBeNull();
    expect(referencedUploads(`<img src="/uploads/${STORED}"><img src="https://bapsang.example/uploads/${STORED}"><img src="/uploads/x/y.webp"><img src="https://a.example/b.png">`, 'https://bapsang.example')).toEqual([STORED]);
  });
});
