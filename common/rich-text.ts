/**
 * THE allowlist of board post HTML (issue #6, SPEC §2 "Post content is sanitised"; issue #29 item 5:
 * one list for its three consumers): sanitize-html on every save (server/modules/board/sanitize.ts),
 * DOMPurify before display and when the editor loads a post (src/features/board/rich-text.ts), and
 * the Lexical editor's node list (the same file), which makes exactly these tags.
 *
 * - Tags: RICH_TEXT_TAGS; the text of any other tag stays, the content of RICH_TEXT_DROPPED_CONTENT goes.
 * - Attributes: only those of RICH_TEXT_ATTRIBUTES for their tag, and only with a value
 *   `richTextAttributeAllowed` accepts: a link's `href` is an absolute http(s) URL (its `rel` and
 *   `target` are always RICH_TEXT_LINK_REL and `_blank`); an image's `src` is one of our uploads,
 *   `/uploads/<name>` (issue #13: an image from another host would tell that host the IP address of
 *   everyone who opens the post; `POST /api/images/upload` answers exactly this form); `width` and
 *   `height` are 1–4 digits. An image without an allowed `src` is removed.
 * - The server also requires the upload to exist (`uploads` table) and takes its own absolute
 *   `<PUBLIC_URL>/uploads/<name>` as the relative form; what it stores always passes this rule.
 */
import { UPLOAD_NAME, UPLOADS_PREFIX } from './domain/uploads.ts';

/**
 * Every tag post content may hold: exactly those the editor reads and writes (`strike` is not one:
 * Lexical writes a strikethrough as `s`).
 */
export const RICH_TEXT_TAGS = ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'h2', 'h3', 'ul', 'ol', 'li', 'blockquote', 'a', 'img'] as const;
/** One of RICH_TEXT_TAGS. */
export type RichTextTag = (typeof RICH_TEXT_TAGS)[number];

/** The attributes each tag may keep (tags not listed keep none). */
export const RICH_TEXT_ATTRIBUTES: Readonly<Partial<Record<RichTextTag, readonly string[]>>> = {
  a: ['href', 'rel', 'target'],
  img: ['src', 'alt', 'width', 'height'],
};

/** Tags removed with everything inside them (not only the tag). */
export const RICH_TEXT_DROPPED_CONTENT = ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'xmp', 'noembed', 'noframes', 'template', 'title'] as const;

/** The `rel` of every link (set whatever the author wrote), opened in a new tab (`target="_blank"`). */
export const RICH_TEXT_LINK_REL = 'noopener nofollow ugc';
export const RICH_TEXT_LINK_TARGET = '_blank';

/** True for a tag of RICH_TEXT_TAGS (lower case). */
export function isRichTextTag(tag: string): tag is RichTextTag {
  return (RICH_TEXT_TAGS as readonly string[]).includes(tag);
}

/** True when `href` is an absolute http(s) URL (the only links kept). */
export function isRichTextHref(href: string): boolean {
  try {
    const u = new URL(href.trim());
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

/** The upload name of an image `src` of the form `/uploads/<name>` (a well-formed storage key); null otherwise. */
export function richTextUploadName(src: string): string | null {
  const path = src.trim();
  if (!path.startsWith(UPLOADS_PREFIX)) return null;
  const name = path.slice(UPLOADS_PREFIX.length);
  return UPLOAD_NAME.test(name) ? name : null;
}

/**
 * True when `tag` may keep attribute `name` with `value` (see the module comment). `rel` and
 * `target` of a link are accepted here because each consumer then sets them to the fixed values.
 */
export function richTextAttributeAllowed(tag: string, name: string, value: string): boolean {
  if (!isRichTextTag(tag) || !RICH_TEXT_ATTRIBUTES[tag]?.includes(name)) return false;
  if (tag === 'a' && name === 'href') return isRichTextHref(value);
  if (tag === 'img' && name === 'src') return richTextUploadName(value) !== null;
  if (tag === 'img' && (name === 'width' || name === 'height')) return /^\d{1,4}$/.test(value);
  return true;
}
