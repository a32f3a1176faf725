/**
 * The server's HTML allowlist for board post content (issue #6, SPEC §2 "Post content is
 * sanitised"): run on every save. Kept: p, br, strong/b, em/i, u, s/strike, h2, h3, ul, ol, li,
 * blockquote; `a` with an http(s) `href` only (rel="noopener nofollow ugc" and target="_blank"
 * are forced); `img` only when it shows one of our stored uploads (below), with only alt/width/height.
 * Everything else — script, style, iframe, svg, math, on* handlers, style attributes,
 * javascript:/data: URLs — is removed (the text of unknown tags is kept, script/style bodies are not).
 *
 * Private images (issue #13): an image from another host would tell that host the IP address of
 * everyone who opens the post. So an `img` stays only when its `src` is `/uploads/<name>` (or
 * `<PUBLIC_URL>/uploads/<name>`, kept as the relative form) and `<name>` is in the `uploads`
 * table, i.e. it went through `POST /api/images/upload` (or is a copied social-login picture).
 * Every other `img` — other hosts, `data:` and `blob:` images (they skip the upload's checks and
 * re-encoding), unknown names — is removed and counted in `removedImages`.
 */
import sanitizeHtml from 'sanitize-html';
import { UPLOADS_PREFIX } from '../../../common/domain/uploads.ts';
import { STORAGE_KEY } from '../../plugins/storage.ts';

/** What decides which images stay (issue #13). */
export interface ImagePolicy {
  /** Names of stored uploads (`uploads.name`) among those the HTML refers to. */
  uploads: ReadonlySet<string>;
  /** Our public origin (`PUBLIC_URL`, e.g. `https://bapsang.example`); its absolute upload URLs count as ours. */
  origin?: string;
}

/**
 * The upload name an image `src` points to: `/uploads/<name>` or `<origin>/uploads/<name>` with a
 * well-formed storage key (no dots but the extension's, no slashes); null otherwise.
 */
export function uploadNameOf(src: string, origin?: string): string | null {
  let path = src.trim();
  if (origin && path.startsWith(`${origin}${UPLOADS_PREFIX}`)) path = path.slice(origin.length);
  if (!path.startsWith(UPLOADS_PREFIX)) return null;
  const name = path.slice(UPLOADS_PREFIX.length);
  return STORAGE_KEY.test(name) ? name : null;
}

/** True when `src` may be shown as a post image under `policy` (a stored upload of ours). */
export function isAllowedImageSrc(src: string, policy: ImagePolicy): boolean {
  const name = uploadNameOf(src, policy.origin);
  return name !== null && policy.uploads.has(name);
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

/** The allowlist; `onImage` sees every `img` src (after entity decoding) and decides whether it stays. */
function options(onImage: (src: string) => string | null): sanitizeHtml.IOptions {
  return {
    allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'strike', 'h2', 'h3', 'ul', 'ol', 'li', 'blockquote', 'a', 'img'],
    allowedAttributes: { a: ['href', 'rel', 'target'], img: ['src', 'alt', 'width', 'height'] },
    allowedSchemes: ['http', 'https'],
    // Kept images are relative `/uploads/…` only: no scheme is needed.
    allowedSchemesByTag: { img: [] },
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
        // The kept form of the src (`/uploads/<name>`), or '' for an image that goes.
        const attrs: Record<string, string> = { src: onImage(attribs.src ?? '') ?? '' };
        if (attribs.alt !== undefined) attrs.alt = attribs.alt;
        for (const size of ['width', 'height'] as const) if (/^\d{1,4}$/.test(attribs[size] ?? '')) attrs[size] = attribs[size]!;
        return { tagName, attribs: attrs };
      },
    },
    exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
    allowedStyles: {},
  };
}

/**
 * Upload names the `img` elements of `html` refer to (see `uploadNameOf`), to look up in the
 * `uploads` table before `sanitizePostHtml`. Images inside removed elements (script, style, …) are
 * not images and are not listed.
 */
export function referencedUploads(html: string, origin?: string): string[] {
  const names = new Set<string>();
  sanitizeHtml(
    html,
    options((src) => {
      const name = uploadNameOf(src, origin);
      if (name) names.add(name);
      return null;
    }),
  );
  return [...names];
}

/**
 * The allowlisted form of user HTML (see the module comment) and how many `img` elements were
 * removed (issue #13: images not from our uploads, see `ImagePolicy`). Pure; applying it to its
 * own output with the same policy changes nothing and removes 0.
 */
export function sanitizePostHtml(html: string, policy: ImagePolicy): { html: string; removedImages: number } {
  let removedImages = 0;
  const clean = sanitizeHtml(
    html,
    options((src) => {
      const name = uploadNameOf(src, policy.origin);
      if (name !== null && policy.uploads.has(name)) return `${UPLOADS_PREFIX}${name}`;
      removedImages += 1;
      return null;
    }),
  );
  return { html: clean, removedImages };
}

/** Text content of sanitised HTML (used to reject posts that are empty once markup is gone). */
export function htmlText(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, ' ')
    .trim();
}
