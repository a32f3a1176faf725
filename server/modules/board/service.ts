/**
 * Board posts, likes, views and comments, and the recommendations (SPEC §3, §4 "Board", §5, §6;
 * issue #6). Only the author may edit or delete a post. Views: the author's own never count; a
 * member's views count at most once per hour (`post_views` holds the last counted time). Likes
 * are a toggle with one row per (post, member); counters change in the same transaction as the rows.
 */
import { and, asc, desc, eq, getTableColumns, inArray, isNotNull, isNull, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { BOARD_LIMITS, RECOMMENDATION_RULE, type Comment, type Post, type PostBody } from '../../../common/api/board.ts';
import { postComments, postLikes, posts, postViews, uploads, users } from '../../db/schema.ts';
import type { Database } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { hasBlocks, isAcrossBlockWith, notBlockedWith } from '../blocks/public.ts';
import { fail } from '../../lib/errors.ts';
import { exactTime } from '../../lib/paging.ts';
import { htmlText, referencedUploads, sanitizePostHtml } from './sanitize.ts';

/** A row of a page and its keyset position (the cursor of the next page when it is the last one). */
export type Paged<T> = { item: T; key: readonly unknown[] };

/** `text` trimmed, 1–500 characters (400 otherwise). */
function commentText(text: string): string {
  const trimmed = text.trim();
  if (!trimmed) fail('COMMENT_REQUIRED', { field: 'text' });
  if ([...trimmed].length > BOARD_LIMITS.commentMax) fail('COMMENT_TOO_LONG', { field: 'text', params: { max: BOARD_LIMITS.commentMax } });
  return trimmed;
}

/** `%s%` for ILIKE, with `%`, `_` and `\` of `s` matched literally. */
const containing = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The condition of a board search (issue #18): `q` (already trimmed, not empty) occurs, ignoring
 * case, in the title, in the content's text (markup removed: `posts.content_text`) or in one of
 * the tags. `%`, `_` and `\` in `q` are matched literally.
 *
 * Issue #33 item 4:
 * - Each arm can use the trigram index `posts_search_trgm_idx` (migration 0023), so a query
 *   holding 3 letters or digits in a row that matches nothing reads no post. The tags arm first
 *   asks the tags' JSON text for `q` as JSON writes it (escaping is per character, so a tag
 *   holding `q` always passes), then checks the tags one by one, so a match across two tags never
 *   counts.
 * - A shorter query (e.g. '국수': Korean words are often 2 syllables) has no trigram, and the
 *   index would hand back every post; its arms are written as expressions the index does not
 *   cover (`col || ''`), so PostgreSQL walks the posts newest first and stops at the page's last
 *   match (a scan of every post only when fewer match; measured in bench:scale).
 * - A query without upper or lower case letters (Korean, digits) compares with LIKE, which is
 *   the same as ILIKE for it and several times cheaper per row.
 */
function searchCondition(q: string): SQL {
  const pattern = containing(q);
  const inJson = containing(JSON.stringify(q).slice(1, -1));
  const op = q.toLowerCase() === q.toUpperCase() ? sql.raw('like') : sql.raw('ilike');
  const indexed = /[\p{L}\p{N}]{3}/u.test(q);
  const arm = (column: SQL | AnyColumn) => (indexed ? sql`${column}` : sql`(${column} || '')`);
  return sql`(${arm(posts.title)} ${op} ${pattern} or ${arm(posts.contentText)} ${op} ${pattern} or (${arm(sql`(${posts.tags}::text)`)} ${op} ${inJson} and exists (select 1 from jsonb_array_elements_text(${posts.tags}) as tag where tag ${op} ${pattern})))`;
}

/** One hour: repeated views of a member within it count once. */
export const VIEW_WINDOW_MS = 60 * 60 * 1000;

/**
 * Validated, sanitised values of a post body, and how many images the sanitiser removed (issue
 * #13: only images of our `uploads` table stay; `uploads` are the stored names among those the
 * content refers to).
 */
function normalise(body: PostBody, uploadNames: ReadonlySet<string>, origin: string | undefined) {
  const title = body.title.trim();
  const { html: content, removedImages } = sanitizePostHtml(body.content, { uploads: uploadNames, origin });
  const hasImage = /<img\s/i.test(content);
  if (!title || (!htmlText(content) && !hasImage)) fail('TITLE_CONTENT_REQUIRED');
  if ([...title].length > BOARD_LIMITS.titleMax) fail('TITLE_TOO_LONG', { field: 'title', params: { max: BOARD_LIMITS.titleMax } });
  if (Buffer.byteLength(content, 'utf8') > BOARD_LIMITS.contentMaxBytes) fail('CONTENT_TOO_LARGE', { field: 'content' });
  const lat = body.latitude ?? null;
  const lng = body.longitude ?? null;
  if ((lat === null) !== (lng === null)) fail('COORDINATES');
  return { values: { title, content, tags: [...(body.tags ?? [])], address: (body.address ?? '').trim(), latitude: lat, longitude: lng }, removedImages };
}

/**
 * Builds the board service. `publicUrl` (PUBLIC_URL): absolute image URLs to our own uploads in
 * post HTML are kept as relative `/uploads/…` (issue #13).
 */
/** The most images one post keeps (issue #13: the uploads lookup is one bounded `IN` list). */
export const MAX_POST_IMAGES = 50;

export function createBoardService(deps: { db: Database; now: Clock; publicUrl?: string }) {
  const { db, now } = deps;
  const origin = deps.publicUrl?.replace(/\/+$/, '');

  /**
   * The sanitised post body (see `normalise`), after looking up the uploads its images name. At
   * most `MAX_POST_IMAGES` distinct images are looked up (a bounded `IN` list); any beyond are
   * removed like foreign images and counted in `removedImages`.
   */
  async function prepare(body: PostBody) {
    const names = referencedUploads(body.content, origin).slice(0, MAX_POST_IMAGES);
    // bounded: at most MAX_POST_IMAGES names (sliced above)
    const stored = names.length === 0 ? [] : await db.select({ name: uploads.name }).from(uploads).where(inArray(uploads.name, names));
    return normalise(body, new Set(stored.map((r) => r.name)), origin);
  }

  /**
   * Issue #33 item 4: the comment counts of a page of posts as `viewerId` sees them. Each row
   * carries `posts.comment_count` (visible comments, kept by the trigger of migration 0014 on every
   * insert, delete, hide and unhide, whoever writes); comments across a block with the viewer are
   * not listed, so theirs are subtracted here: one grouped query over the page's posts and the
   * members across a block (read through a subquery on `blocks`; skipped when the viewer has no
   * block either way, as is usual). Changes `page` in place.
   */
  async function subtractBlockedComments(viewerId: number | undefined, page: Post[]): Promise<void> {
    if (viewerId === undefined || page.length === 0) return;
    if (!(await hasBlocks(db, viewerId))) return;
    const rows = await db
      .select({ postId: postComments.postId, n: sql<number>`count(*)::int` })
      .from(postComments)
      // bounded: the page's posts (≤ its limit); the members across a block are read through a subquery
      .where(and(isAcrossBlockWith(viewerId, postComments.authorId), inArray(postComments.postId, page.map((p) => p.id)), isNull(postComments.hiddenAt)))
      .groupBy(postComments.postId);
    const blocked = new Map(rows.map((r) => [r.postId, Number(r.n)]));
    for (const p of page) p.commentCount -= blocked.get(p.id) ?? 0;
  }

  /** The columns of `posts` an answer needs (not `content_text`, the search's copy of the content). */
  const { contentText: _searchText, ...postFields } = getTableColumns(posts);

  /** Whether `viewerId` likes the outer `posts` row: one index probe (post_likes_post_user_unique). */
  const likedBy = (viewerId?: number) =>
    viewerId === undefined ? sql<boolean>`false` : sql<boolean>`exists (select 1 from ${postLikes} where ${postLikes.postId} = ${posts.id} and ${postLikes.userId} = ${viewerId})`;

  /** The columns of a post in the API shape, counts computed in SQL (issue #19). */
  const postColumns = (viewerId?: number) => ({
    post: postFields,
    authorName: users.name,
    commentCount: posts.commentCount,
    likedByMe: likedBy(viewerId),
    at: exactTime(posts.createdAt),
  });

  type PostRowOut = { post: Omit<typeof posts.$inferSelect, 'contentText'>; authorName: string | null; commentCount: number; likedByMe: boolean };
  function toPost({ post, authorName, commentCount: comments, likedByMe }: PostRowOut): Post {
    return {
      id: post.id,
      title: post.title,
      content: post.content,
      tags: post.tags,
      address: post.address,
      latitude: post.latitude,
      longitude: post.longitude,
      author: post.authorId !== null && authorName !== null ? { id: post.authorId, name: authorName } : null,
      likes: post.likes,
      views: post.views,
      likedByMe: !!likedByMe,
      commentCount: Number(comments),
      createdAt: post.createdAt.toISOString(),
    };
  }

  /** Visible posts (not hidden; with `viewerId`, not across a block, issue #17) also matching `where`. */
  const visiblePosts = (where: SQL | undefined, viewerId?: number) =>
    and(where, isNull(posts.hiddenAt), viewerId !== undefined ? notBlockedWith(viewerId, posts.authorId) : undefined);

  /**
   * One page of posts, newest first (keyset on created_at desc, id desc; issue #19): at most
   * `limit` rows after the cursor `after` = [createdAt with microseconds, id].
   */
  async function page(where: SQL | undefined, viewerId: number | undefined, limit: number, after?: readonly [string, number]): Promise<Paged<Post>[]> {
    const rows = await db
      .select(postColumns(viewerId))
      .from(posts)
      .leftJoin(users, eq(users.id, posts.authorId))
      .where(and(visiblePosts(where, viewerId), after ? sql`(${posts.createdAt}, ${posts.id}) < (${after[0]}::timestamptz, ${after[1]})` : undefined))
      .orderBy(desc(posts.createdAt), desc(posts.id))
      .limit(limit);
    const answered = rows.map((r) => ({ item: toPost(r), key: [r.at, r.post.id] as const }));
    await subtractBlockedComments(viewerId, answered.map((r) => r.item));
    return answered;
  }

  /** Post `id` as `viewerId` sees it, or 404 (hidden, unknown, across a block). */
  async function one(id: number, viewerId?: number): Promise<Post> {
    const [post] = await page(eq(posts.id, id), viewerId, 1);
    if (!post) fail('POST_NOT_FOUND');
    return post.item;
  }

  function toComment(c: typeof postComments.$inferSelect, name: string | null): Comment {
    return { id: c.id, text: c.text, author: { id: c.authorId, name }, createdAt: c.createdAt.toISOString() };
  }

  /** The post row `id` or 404; with `authorId`, 403 unless that member wrote it. */
  async function row(id: number, authorId?: number, viewerId?: number) {
    // Issue #17: a hidden post (reports or a moderator) answers 404 like an unknown one; so does,
    // for `viewerId`, a post across a block (issue #32 item 5: as the board's reads leave it out).
    const acrossBlock = viewerId !== undefined ? notBlockedWith(viewerId, posts.authorId) : undefined;
    const [p] = await db.select({ id: posts.id, authorId: posts.authorId }).from(posts).where(and(eq(posts.id, id), isNull(posts.hiddenAt), acrossBlock));
    if (!p) fail('POST_NOT_FOUND');
    if (authorId !== undefined && p.authorId !== authorId) fail('NOT_AUTHOR');
    return p;
  }

  /**
   * The visible comment `commentId` of the visible post `id` (404 otherwise, also across a block
   * with `memberId`), written by `memberId` (403 NOT_COMMENT_AUTHOR otherwise).
   */
  async function ownComment(memberId: number, id: number, commentId: number) {
    const [c] = await db
      .select({ id: postComments.id, authorId: postComments.authorId })
      .from(postComments)
      .innerJoin(posts, eq(posts.id, postComments.postId))
      .where(
        and(
          eq(postComments.id, commentId),
          eq(postComments.postId, id),
          isNull(postComments.hiddenAt),
          isNull(posts.hiddenAt),
          notBlockedWith(memberId, posts.authorId),
          notBlockedWith(memberId, postComments.authorId),
        ),
      );
    if (!c) fail('COMMENT_NOT_FOUND');
    if (c.authorId !== memberId) fail('NOT_COMMENT_AUTHOR');
    return c;
  }

  return {
    /**
     * One page of posts, newest first (issue #19: keyset on created_at desc, id desc; read `limit`
     * rows, the route asks `limit + 1`); for `viewerId`, without posts across a block (issue #17).
     * With `q` (issue #18), only posts whose title, content text or a tag holds it (trimmed; empty =
     * no search; more than 100 characters → 400 SEARCH_TOO_LONG). With `tags` (the board's tag
     * filter), only posts carrying every one of them (jsonb containment).
     */
    list(viewerId: number, opts: { q?: string; tags?: readonly string[]; limit: number; after?: readonly [string, number] }): Promise<Paged<Post>[]> {
      const query = (opts.q ?? '').trim();
      if ([...query].length > BOARD_LIMITS.searchMax) fail('SEARCH_TOO_LONG', { field: 'q', params: { max: BOARD_LIMITS.searchMax } });
      const tagged = opts.tags?.length ? sql`${posts.tags} @> ${JSON.stringify(opts.tags)}::jsonb` : undefined;
      return page(and(query ? searchCondition(query) : undefined, tagged), viewerId, opts.limit, opts.after);
    },

    /** Post `id` as `viewerId` sees it (likedByMe, commentCount); 404 when hidden, unknown or across a block. */
    get(viewerId: number, id: number): Promise<Post> {
      return one(id, viewerId);
    },

    /**
     * One page of the visible comments of post `id`, oldest first (issue #19: keyset on created_at,
     * id). 404 when the post is unknown, hidden or across a block with `viewerId`; comments that are
     * hidden or across a block are left out.
     */
    async comments(viewerId: number, id: number, opts: { limit: number; after?: readonly [string, number] }): Promise<Paged<Comment>[]> {
      await one(id, viewerId);
      const rows = await db
        .select({ c: postComments, name: users.name, at: exactTime(postComments.createdAt) })
        .from(postComments)
        .leftJoin(users, eq(users.id, postComments.authorId))
        .where(
          and(
            eq(postComments.postId, id),
            isNull(postComments.hiddenAt),
            notBlockedWith(viewerId, postComments.authorId),
            opts.after ? sql`(${postComments.createdAt}, ${postComments.id}) > (${opts.after[0]}::timestamptz, ${opts.after[1]})` : undefined,
          ),
        )
        .orderBy(asc(postComments.createdAt), asc(postComments.id))
        .limit(opts.limit);
      return rows.map((r) => ({ item: toComment(r.c, r.name), key: [r.at, r.c.id] as const }));
    },

    /**
     * Creates a post by `authorId`. The answer also says how many images were removed on save
     * (`removedImages`, issue #13).
     */
    async create(authorId: number, body: PostBody): Promise<Post & { removedImages: number }> {
      const { values, removedImages } = await prepare(body);
      const at = now();
      const [created] = await db.insert(posts).values({ ...values, authorId, createdAt: at, updatedAt: at }).returning({ id: posts.id });
      return { ...(await one(created!.id, authorId)), removedImages };
    },

    /** Replaces a post's fields (author only); the answer has `removedImages` as for `create`. */
    async update(memberId: number, id: number, body: PostBody): Promise<Post & { removedImages: number }> {
      await row(id, memberId);
      const { values, removedImages } = await prepare(body);
      await db.update(posts).set({ ...values, updatedAt: now() }).where(eq(posts.id, id));
      return { ...(await one(id, memberId)), removedImages };
    },

    /** Deletes a post with its likes, views and comments (author only). */
    async remove(memberId: number, id: number): Promise<void> {
      await row(id, memberId);
      await db.delete(posts).where(eq(posts.id, id));
    },

    /**
     * Counts a view by `memberId` unless they wrote the post or their last counted view is less
     * than an hour old. Answers whether it counted. 404 for a post across a block (issue #32 item 5),
     * as for liking and commenting.
     */
    async view(memberId: number, id: number): Promise<boolean> {
      const p = await row(id, undefined, memberId);
      if (p.authorId === memberId) return false;
      const at = now();
      return db.transaction(async (tx) => {
        const cutoff = new Date(at.getTime() - VIEW_WINDOW_MS);
        // Insert the first view, or move a view older than the window forward; otherwise nothing.
        const counted = await tx
          .insert(postViews)
          .values({ postId: id, userId: memberId, countedAt: at })
          .onConflictDoUpdate({
            target: [postViews.postId, postViews.userId],
            set: { countedAt: at },
            setWhere: sql`${postViews.countedAt} <= ${cutoff.toISOString()}`,
          })
          .returning({ postId: postViews.postId });
        if (counted.length === 0) return false;
        await tx.update(posts).set({ views: sql`${posts.views} + 1` }).where(eq(posts.id, id));
        return true;
      });
    },

    /** Toggles `memberId`'s like; answers the updated post (likes, likedByMe). */
    async toggleLike(memberId: number, id: number): Promise<Post> {
      await row(id, undefined, memberId);
      await db.transaction(async (tx) => {
        const removed = await tx.delete(postLikes).where(and(eq(postLikes.postId, id), eq(postLikes.userId, memberId))).returning({ postId: postLikes.postId });
        if (removed.length > 0) {
          await tx.update(posts).set({ likes: sql`${posts.likes} - 1` }).where(eq(posts.id, id));
          return;
        }
        const added = await tx.insert(postLikes).values({ postId: id, userId: memberId, createdAt: now() }).onConflictDoNothing().returning({ postId: postLikes.postId });
        if (added.length > 0) await tx.update(posts).set({ likes: sql`${posts.likes} + 1` }).where(eq(posts.id, id));
      });
      return one(id, memberId);
    },

    /** Adds a comment (1–500 characters after trimming); answers it. */
    async comment(memberId: number, id: number, text: string): Promise<Comment> {
      const trimmed = commentText(text);
      await row(id, undefined, memberId);
      const [c] = await db.insert(postComments).values({ postId: id, authorId: memberId, text: trimmed, createdAt: now() }).returning();
      const [u] = await db.select({ name: users.name }).from(users).where(eq(users.id, memberId));
      return toComment(c!, u?.name ?? null);
    },

    /**
     * Replaces the text of comment `commentId` on post `id` (issue #18; its author only, 1–500
     * characters after trimming). 404 when the post or the comment is unknown, hidden, or across a
     * block from `memberId` (as the board lists leave them out); 403 NOT_COMMENT_AUTHOR otherwise
     * when someone else wrote it.
     */
    async editComment(memberId: number, id: number, commentId: number, text: string): Promise<Comment> {
      const trimmed = commentText(text);
      await ownComment(memberId, id, commentId);
      const [c] = await db.update(postComments).set({ text: trimmed }).where(eq(postComments.id, commentId)).returning();
      const [u] = await db.select({ name: users.name }).from(users).where(eq(users.id, memberId));
      return toComment(c!, u?.name ?? null);
    },

    /** Deletes comment `commentId` on post `id` (issue #18; its author only; 404/403 as `editComment`). */
    async removeComment(memberId: number, id: number, commentId: number): Promise<void> {
      await ownComment(memberId, id, commentId);
      await db.delete(postComments).where(eq(postComments.id, commentId));
    },

    /**
     * Recommendations (issue #19: ordered and cut in SQL): visible posts with coordinates and at
     * least `RECOMMENDATION_RULE.minPoints` points (views + 3 × likes + 2 × visible comments; the
     * points do not depend on who asks), most points first, then newest, then highest id. For
     * `viewerId`, posts across a block are left out (issue #17). Keyset on (points, createdAt, id).
     */
    async recommendations(viewerId: number, opts: { limit: number; after?: readonly [number, string, number] }): Promise<Paged<Post>[]> {
      // posts.points is the stored RECOMMENDATION_RULE sum, read in posts_recommendation_idx order
      // (migration 0014); the rule's figures and the column's expression must agree (board-paging.test.ts).
      const rows = await db
        .select({ ...postColumns(viewerId), points: posts.points })
        .from(posts)
        .leftJoin(users, eq(users.id, posts.authorId))
        .where(
          and(
            visiblePosts(isNotNull(posts.latitude), viewerId),
            sql`${posts.points} >= ${RECOMMENDATION_RULE.minPoints}`,
            opts.after ? sql`(${posts.points}, ${posts.createdAt}, ${posts.id}) < (${opts.after[0]}, ${opts.after[1]}::timestamptz, ${opts.after[2]})` : undefined,
          ),
        )
        .orderBy(desc(posts.points), desc(posts.createdAt), desc(posts.id))
        .limit(opts.limit);
      const answered = rows.map((r) => ({ item: toPost(r), key: [Number(r.points), r.at, r.post.id] as const }));
      await subtractBlockedComments(viewerId, answered.map((r) => r.item));
      return answered;
    },
  };
}
