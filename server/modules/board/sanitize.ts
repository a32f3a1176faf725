/**
 * The server's side of the post HTML allowlist (issue #6, SPEC §2 "Post content is sanitised"): run
 * on every save with sanitize-html. The tags, attributes and URL rules are common/rich-text.ts (the
 * one list the client's DOMPurify and the editor use too, issue #29 item 5): `a` keeps an http(s)
 * `href` only (rel="noopener nofollow ugc" and target="_blank" are forced); `img` keeps
 * alt/width/height and stays only when it shows one of our stored uploads (below). Everything else
 * — script, style, iframe, svg, math, on* handlers, style attributes, javascript:/data: URLs — is
 * removed (the text of unknown tags is kept, script/style bodies are not).
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
import {
  RICH_TEXT_ATTRIBUTES,
  RICH_TEXT_DROPPED_CONTENT,
  RICH_TEXT_LINK_REL,
  RICH_TEXT_LINK_TARGET,
  RICH_TEXT_TAGS,
  richTextAttributeAllowed,
  richTextUploadName,
} from '../../../common/rich-text.ts';

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
  const path = src.trim();
  return richTextUploadName(origin && path.startsWith(`${origin}${UPLOADS_PREFIX}`) ? path.slice(origin.length) : path);
}

/** True when `src` may be shown as a post image under `policy` (a stored upload of ours). */
export function isAllowedImageSrc(src: string, policy: ImagePolicy): boolean {
  const name = uploadNameOf(src, policy.origin);
  return name !== null && policy.uploads.has(name);
}

/** The attributes of `attribs` that common/rich-text.ts lets `tag` keep. */
function allowedOf(tag: string, attribs: sanitizeHtml.Attributes): Record<string, string> {
  return Object.fromEntries(Object.entries(attribs).filter(([name, value]) => richTextAttributeAllowed(tag, name, value)));
}

/** The allowlist; `onImage` sees every `img` src (after entity decoding) and answers its kept form, or null when the image goes. */
function options(onImage: (src: string) => string | null): sanitizeHtml.IOptions {
  return {
    allowedTags: [...RICH_TEXT_TAGS],
    allowedAttributes: Object.fromEntries(Object.entries(RICH_TEXT_ATTRIBUTES).map(([tag, names]) => [tag, [...names]])),
    allowedSchemes: ['http', 'https'],
    // Kept images are relative `/uploads/…` only: no scheme is needed.
    allowedSchemesByTag: { img: [] },
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    nonTextTags: [...RICH_TEXT_DROPPED_CONTENT],
    transformTags: {
      a: (tagName, attribs) => {
        const { href } = allowedOf('a', attribs);
        return { tagName, attribs: { ...(href ? { href: href.trim() } : {}), rel: RICH_TEXT_LINK_REL, target: RICH_TEXT_LINK_TARGET } };
      },
      img: (tagName, attribs) => {
        const { src = '', ...rest } = attribs;
        // The kept form of the src (`/uploads/<name>`), or '' for an image that goes.
        return { tagName, attribs: { src: onImage(src) ?? '', ...allowedOf('img', rest) } };
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
