/**
 * The server's HTML allowlist for board post content (issue #6, SPEC §2 "Post content is
 * sanitised"): run on every save. Kept: p, br, strong/b, em/i, u, s/strike, h2, h3, ul, ol, li,
 * blockquote; `a` with an http(s) `href` only (rel="noopener nofollow ugc" and target="_blank"
 * are forced); `img` whose `src` is our `/uploads/…` or https, with only alt/width/height.
 * Everything else — script, style, iframe, svg, math, on* handlers, style attributes,
 * javascript:/data: URLs — is removed (the text of unknown tags is kept, script/style bodies are not).
 */
import sanitizeHtml from 'sanitize-html';

const UPLOAD_SRC = /^\/uploads\/[A-Za-z0-9._-]+$/;

/** True when `src` may be shown as a post image: one of our uploads or an https URL. */
export function isAllowedImageSrc(src: string): boolean {
  if (UPLOAD_SRC.test(src)) return true;
  try {
    return new URL(src).protocol === 'https:';
  } catch {
    return false;
  }
}

/** True when `href` is an absolute http(s) URL. */
function isAllowedHref(href: string): boolean {
  try {
    const u = new URL(href);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'strike', 'h2', 'h3', 'ul', 'ol', 'li', 'blockquote', 'a', 'img'],
  allowedAttributes: { a: ['href', 'rel', 'target'], img: ['src', 'alt', 'width', 'height'] },
  allowedSchemes: ['http', 'https'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'xmp', 'noembed', 'noframes', 'template', 'title'],
  transformTags: {
    a: (tagName, attribs) => {
      const href = attribs.href?.trim() ?? '';
      const attrs: Record<string, string> = href && isAllowedHref(href) ? { href } : {};
      return { tagName, attribs: { ...attrs, rel: 'noopener nofollow ugc', target: '_blank' } };
    },
    img: (tagName, attribs) => {
      const attrs: Record<string, string> = { src: attribs.src ?? '' };
      if (attribs.alt !== undefined) attrs.alt = attribs.alt;
      for (const size of ['width', 'height'] as const) if (/^\d{1,4}$/.test(attribs[size] ?? '')) attrs[size] = attribs[size]!;
      return { tagName, attribs: attrs };
    },
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !isAllowedImageSrc(frame.attribs.src ?? ''),
  allowedStyles: {},
};

/** The allowlisted form of user HTML (see the module comment). Pure; safe to call twice. */
export function sanitizePostHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

/** Text content of sanitised HTML (used to reject posts that are empty once markup is gone). */
export function htmlText(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, ' ')
    .trim();
}
