/** The post content allowlist (issue #6): hostile markup removed, the editor's markup kept. */
import { describe, expect, it } from 'vitest';
import { isAllowedImageSrc, sanitizePostHtml } from './sanitize.ts';

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
    expect(sanitizePostHtml(input)).toBe(expected);
  });

  it('keeps the allowed markup', () => {
    const html =
      '<h2>제목</h2><h3>소제목</h3><p>a<br /><strong>b</strong><b>c</b><em>d</em><i>e</i><u>f</u><s>g</s><strike>h</strike></p>' +
      '<ul><li>1</li></ul><ol><li>2</li></ol><blockquote>q</blockquote>';
    expect(sanitizePostHtml(html)).toBe(html);
  });

  it('forces rel and target on http(s) links', () => {
    expect(sanitizePostHtml('<a href="https://example.com/x" rel="opener" target="_self" title="t">x</a>')).toBe(
      '<a href="https://example.com/x" rel="noopener nofollow ugc" target="_blank">x</a>',
    );
  });

  it('keeps our uploads and https images with alt/width/height only', () => {
    expect(sanitizePostHtml('<img src="/uploads/ab12.webp" alt="국수" width="300" height="abc" class="x" />')).toBe('<img src="/uploads/ab12.webp" alt="국수" width="300" />');
    expect(sanitizePostHtml('<img src="https://cdn.example/a.png">')).toBe('<img src="https://cdn.example/a.png" />');
  });

  it('is stable when applied twice', () => {
    const once = sanitizePostHtml('<p>a<a href="https://x.example">b</a><img src="/uploads/a.webp"></p>');
    expect(sanitizePostHtml(once)).toBe(once);
  });
});

describe('isAllowedImageSrc', () => {
  it.each([
    ['/uploads/a.webp', true],
    ['/uploads/../secret', false],
    ['https://x.example/a.png', true],
    ['http://x.example/a.png', false],
    ['javascript:alert(1)', false],
    ['data:image/png;base64,AA', false],
  ])('%s → %s', (src, ok) => expect(isAllowedImageSrc(src)).toBe(ok));
});
