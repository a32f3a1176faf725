/**
 * Open Graph tags for link previews (issue #18 item 6). When the static plugin answers a shared
 * link with index.html, it injects `og:title`, `og:description`, `og:image` (and `og:url`,
 * `og:type`, `og:site_name`) for what the link opens:
 * - `/board?post={id}` (also reached by `/board/{id}`, redirected there): the post's title and the
 *   first 100 characters of its text (tags stripped);
 * - `/matching?schedule={id}`: the place, the date and the hour of the schedule.
 * Public data only; a hidden, cancelled or missing target (or any other page) gets the generic tags.
 * Every value is HTML-escaped.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { posts, schedules } from '../db/schema.ts';
import type { Database } from '../db/database.ts';
import { koreanDateHour } from '../../common/domain/korean-time.ts';
import { format, ko } from '../../common/i18n/ko.ts';

export interface OgTags {
  title: string;
  description: string;
  /** Absolute URL of the preview image. */
  image: string;
  /** Absolute URL of the page. */
  url: string;
}

/** The preview texts are the catalogue's (common/i18n/ko.ts `ko.share.og`, issue #29 item 4). */
export const OG_SITE_NAME = ko.app.name;
export const OG_DEFAULT_TITLE = ko.share.og.defaultTitle;
export const OG_DEFAULT_DESCRIPTION = ko.share.og.defaultDescription;
/** The preview image: the app icon (public/icons). */
export const OG_IMAGE_PATH = '/icons/icon-512.png';
/** How much of a post's text the description carries. */
export const OG_POST_TEXT_CHARS = 100;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

/** Plain text of the sanitised post HTML: tags dropped, entities of the editor decoded, spaces collapsed. */
export function plainText(html: string): string {
  return html
    .replace(/<(br|\/p|\/li|\/h[1-6])\s*\/?>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/** "11월 24일 (화) 오후 6시" for a schedule's KST date and hour (common/domain/korean-time). */
export function scheduleWhen(date: string, hour: number): string {
  return koreanDateHour(date, hour);
}

function positiveId(value: string | null): number | null {
  if (value === null || !/^[1-9][0-9]{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= 2_147_483_647 ? id : null;
}

/** The tags for a request URL (path and query) of the client. */
export async function ogTagsFor(db: Database, requestUrl: string, publicUrl: string): Promise<OgTags> {
  const url = new URL(requestUrl, publicUrl);
  const generic: OgTags = { title: OG_DEFAULT_TITLE, description: OG_DEFAULT_DESCRIPTION, image: new URL(OG_IMAGE_PATH, publicUrl).toString(), url: url.toString() };
  if (url.pathname === '/board') {
    const id = positiveId(url.searchParams.get('post'));
    if (id === null) return generic;
    const [post] = await db
      .select({ title: posts.title, content: posts.content })
      .from(posts)
      .where(and(eq(posts.id, id), isNull(posts.hiddenAt)))
      .limit(1);
    if (!post) return generic;
    const text = plainText(post.content);
    const description = text.length > OG_POST_TEXT_CHARS ? `${text.slice(0, OG_POST_TEXT_CHARS)}…` : text;
    return { ...generic, title: format(ko.share.og.postTitle, { title: post.title, site: OG_SITE_NAME }), description: description || OG_DEFAULT_DESCRIPTION };
  }
  if (url.pathname === '/matching') {
    const id = positiveId(url.searchParams.get('schedule'));
    if (id === null) return generic;
    const [schedule] = await db
      .select({ placeName: schedules.placeName, date: schedules.date, hour: schedules.hour })
      .from(schedules)
      .where(and(eq(schedules.id, id), isNull(schedules.hiddenAt), isNull(schedules.cancelledAt)))
      .limit(1);
    if (!schedule) return generic;
    return {
      ...generic,
      title: format(ko.share.og.scheduleTitle, { place: schedule.placeName, site: OG_SITE_NAME }),
      description: format(ko.share.og.scheduleDescription, { when: scheduleWhen(schedule.date, schedule.hour), place: schedule.placeName }),
    };
  }
  return generic;
}

/** index.html with the tags inserted before `</head>` (any existing og: tags are left to the page's own). */
export function injectOg(html: string, tags: OgTags): string {
  const meta = [
    ['og:type', 'website'],
    ['og:site_name', OG_SITE_NAME],
    ['og:title', tags.title],
    ['og:description', tags.description],
    ['og:image', tags.image],
    ['og:url', tags.url],
  ]
    .map(([property, content]) => `<meta property="${property}" content="${escapeHtml(content ?? '')}">`)
    .join('');
  const twitter = `<meta name="twitter:card" content="summary">`;
  const at = html.indexOf('</head>');
  return at < 0 ? html : `${html.slice(0, at)}${meta}${twitter}${html.slice(at)}`;
}
