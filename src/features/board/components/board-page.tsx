/**
 * The board screen `/board` (SPEC §2 Board, §4 "Board", §6; issue #6): heading, tagline, the
 * create button, the ALL-tags filter, the card grid and the dialogs. The list is a query
 * (issue #14) with its loading, error (다시 시도) and empty states; the opened post (`?post=12`)
 * and the form (`?write=1`, `?edit=12`) are in the address, so Back closes them and a link opens them.
 */
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useWindowVirtualizer, windowScroll, type Virtualizer } from '@tanstack/react-virtual';
import { lazy, Suspense, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { Post } from '@common/api/board';
import { confirmDialog, toast } from '@/components/ui/feedback-store';
import { QueryState } from '@/components/ui/load-state';
import { format, ko } from '@/i18n/ko';
import { koreanDateTime, relativeTime } from '@/lib/dates';
import { useSession } from '@/lib/session/store';
import { useNow } from '@/lib/use-now';
import { useUrlState } from '@/lib/use-url-state';
import { postQuery } from '../api/board-api';
import { postsQuery } from '../api/posts-query';
import { useDeletePost } from '../api/board-mutations';
import { filterByAllTags, firstImageSrc, previewText, searchText } from '../board-logic';
import { LoadMore } from '@/components/ui/load-more';
// Issue #33 item 1: the opened post (its rich-text rendering: Lexical nodes and DOMPurify, the
// comments) loads when a post is first opened, not with the list; it stays mounted afterwards, so
// closing keeps the dialog's exit and focus return.
const PostDetailDialog = lazy(() => import('./post-detail-dialog').then((m) => ({ default: m.PostDetailDialog })));
// Issue #33: the post form (Lexical editor, the form resolver, react-hook-form) loads when a member
// writes or edits, not with the read-only board.
const PostFormDialog = lazy(() => import('./post-form-dialog').then((m) => ({ default: m.PostFormDialog })));
import { TagFilter } from './tag-filter';
import './board.css';

const NONE: Post[] = [];
/** A card row's height before it is measured (px; a card with a thumbnail is about this tall). */
export const CARD_ROW_ESTIMATE = 360;
/** Rows rendered beyond the viewport on each side. */
export const CARD_ROW_OVERSCAN = 2;
/**
 * The viewport the grid lays out for until it has measured the window (px): the phone the app is
 * designed for. The server's render of the page (issue #33 item 2) has no window, and the
 * client's first render comes before the measurement: both hold the rows of a phone's first view.
 */
const FIRST_VIEWPORT = { width: 360, height: 780 };

/** Columns of the card grid, as board.css lays them out (1; 2 from 576 px; 3 from 992 px). */
function useColumns(): number {
  const read = () => {
    if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return 1;
    if (window.matchMedia('(min-width: 992px)').matches) return 3;
    return window.matchMedia('(min-width: 576px)').matches ? 2 : 1;
  };
  const [columns, setColumns] = useState(read);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const queries = ['(min-width: 576px)', '(min-width: 992px)'].map((q) => window.matchMedia(q));
    const update = () => setColumns(read());
    for (const q of queries) q.addEventListener('change', update);
    return () => queries.forEach((q) => q.removeEventListener('change', update));
  }, []);
  return columns;
}

/**
 * A row's height for the virtualizer without a layout of its own: the ResizeObserver's box once the
 * browser has laid the row out, otherwise the height known so far (the estimate first). Reading the
 * element on mount (the library's default, `offsetHeight`) would force the page's layout inside
 * React's commit, one long task on a slow phone (issue #33 item 2, TBT); the rows are in normal flow
 * (see `VirtualCardGrid`), so an estimate never misplaces one. A row not laid out (0, e.g. jsdom)
 * keeps the estimate.
 */
export function measureCardRow(element: Element, entry: ResizeObserverEntry | undefined, instance: Virtualizer<Window, Element>): number {
  const height = entry?.borderBoxSize?.[0]?.blockSize;
  if (height) return Math.round(height);
  return instance.itemSizeCache.get(instance.options.getItemKey(instance.indexFromElement(element))) ?? CARD_ROW_ESTIMATE;
}

/** Virtualizers that have made their first scroll write (see `scrollCardWindow`). */
const attached = new WeakSet<object>();

/**
 * The virtualizer's scroll writes to the window, but for its first: on attaching to the window it
 * writes back the offset it has just read from it (a `scrollTo` to where the page already is), and
 * that write makes the browser lay the page out inside React's commit (issue #33 item 2, TBT). A
 * first write that moves the page (one with an adjustment) still goes, and so does every later one
 * (keeping a row in place while rows above it are measured).
 */
export function scrollCardWindow(offset: number, options: { adjustments?: number; behavior?: ScrollBehavior }, instance: Virtualizer<Window, Element>): void {
  if (!attached.has(instance)) {
    attached.add(instance);
    if (!options.adjustments) return;
  }
  windowScroll(offset, options, instance);
}

/**
 * The card grid, virtualised against the window (issue #19, @tanstack/react-virtual): only the
 * rows near the viewport are in the document. Rows hold `columns` cards in DOM order, so Tab goes
 * card by card, row by row; a focused card scrolled away stays until focus leaves it.
 *
 * The rendered rows are in normal flow inside one block moved down to the first row's place, so
 * each row sits under the one before at its real height from the first frame, whatever the
 * virtualizer has measured yet; the list's height stands for every row (the page scrolls as if
 * they were there). Nothing here reads the layout during React's commit (issue #33 item 2): the
 * rows are measured by the virtualizer's ResizeObserver (`measureCardRow`), its write of the scroll
 * offset it already has is skipped (`scrollCardWindow`), and the list's distance from the top of the
 * document is read in the next frame, when the browser lays the page out anyway.
 */
function VirtualCardGrid({ posts, label, renderCard }: { posts: Post[]; label: string; renderCard: (post: Post) => ReactNode }) {
  const columns = useColumns();
  const rows = useMemo(() => {
    const out: Post[][] = [];
    for (let i = 0; i < posts.length; i += columns) out.push(posts.slice(i, i + columns));
    return out;
  }, [posts, columns]);
  const listRef = useRef<HTMLDivElement>(null);
  const [margin, setMargin] = useState(0);
  useEffect(() => {
    const el = listRef.current;
    if (!el) return;
    // Until then the list is taken to start at the top: which rows are near the viewport may be a
    // row off for a frame, never where a row is drawn (the block below does not depend on it).
    const frame = requestAnimationFrame(() => setMargin(el.getBoundingClientRect().top + window.scrollY));
    return () => cancelAnimationFrame(frame);
  }, [rows.length]);
  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: () => CARD_ROW_ESTIMATE,
    overscan: CARD_ROW_OVERSCAN,
    initialRect: FIRST_VIEWPORT,
    scrollMargin: margin,
    getItemKey: (i) => rows[i]?.map((p) => p.id).join('-') ?? i,
    measureElement: measureCardRow,
    scrollToFn: scrollCardWindow,
  });
  const items = virtualizer.getVirtualItems();
  const top = items[0] ? items[0].start - virtualizer.options.scrollMargin : 0;
  return (
    <div ref={listRef} role="list" aria-label={label} className="board-virtual" style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
      <div role="presentation" style={{ transform: `translateY(${top}px)` }}>
        {items.map((item) => (
          <div key={item.key} role="presentation" data-index={item.index} ref={virtualizer.measureElement} className="board-grid board-virtual__row">
            {rows[item.index]?.map(renderCard)}
          </div>
        ))}
      </div>
    </div>
  );
}
/** How long typing rests before the search runs (and lands in the address). */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * The board search `?q=` (issue #18): the box's text at once, and the address (replaced, not
 * pushed: typing is not history) once typing rests for `SEARCH_DEBOUNCE_MS`.
 */
function useSearchParam() {
  const raw: unknown = useRouterState({ select: (s) => (s.location.search as Record<string, unknown>).q as unknown });
  const inUrl = raw === undefined || raw === null ? '' : String(raw);
  const navigate = useNavigate();
  const [text, setText] = useState(inUrl);
  // Back/forward or a link changed the address: the box follows.
  const [seen, setSeen] = useState(inUrl);
  if (seen !== inUrl) {
    setSeen(inUrl);
    if (searchText(text) !== searchText(inUrl)) setText(inUrl);
  }
  useEffect(() => {
    const next = searchText(text);
    if (next === searchText(inUrl)) return;
    const timer = setTimeout(() => {
      void navigate({
        to: '.',
        replace: true,
        search: (prev: Record<string, unknown>) => {
          const rest = { ...prev };
          if (next) rest.q = next;
          else delete rest.q;
          return rest;
        },
      } as never);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, inUrl, navigate]);
  return { text, setText, query: searchText(inUrl) };
}

export function BoardPage() {
  const me = useSession((s) => s.user);
  const search = useSearchParam();
  // Issue #19: the board (or the search, q) a page at a time; more pages load on scroll or 더 보기.
  // The tag filter is applied by the server (every listed tag), so it reaches past the loaded pages.
  const [filter, setFilter] = useState<string[]>([]);
  const posts = useInfiniteQuery(postsQuery(search.query, filter));
  const now = useNow(60_000);
  const remove = useDeletePost();
  // The opened post and the form are in the address (issue #14): Back closes them, a link opens them.
  const opened = useUrlState('post');
  const writing = useUrlState('write');
  const editing = useUrlState('edit');

  const source = useMemo(() => posts.data?.pages.flatMap((p) => p.items) ?? NONE, [posts.data]);
  // Again on the client: a post edited out of the filter leaves at once (the cache is patched first).
  const shown = useMemo(() => filterByAllTags(source, filter), [source, filter]);
  // An opened or edited post that is not on a loaded page is read on its own (GET /api/board/{id}).
  const byId = (value: string | undefined) => (value === undefined ? undefined : source.find((p) => String(p.id) === value));
  const idOf = (value: string | undefined) => (value !== undefined && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : 0);
  const openedId = idOf(opened.value);
  const editingId = idOf(editing.value);
  const openedOne = useQuery({ ...postQuery(openedId), enabled: openedId > 0 && !byId(opened.value) });
  const editedOne = useQuery({ ...postQuery(editingId), enabled: editingId > 0 && !byId(editing.value) });
  const open = opened.value === undefined ? null : (byId(opened.value) ?? (openedId > 0 ? openedOne.data : undefined) ?? null);
  const editedPost = editing.value === undefined ? null : (byId(editing.value) ?? (editingId > 0 ? editedOne.data : undefined) ?? null);
  const edited = editedPost && me && editedPost.author?.id === me.id ? editedPost : null;
  // The post dialog mounts with the first opened post and stays (see PostDetailDialog above).
  const [detailWanted, setDetailWanted] = useState(false);
  if (open && !detailWanted) setDetailWanted(true);

  // A link to a post that is not on the board (deleted, or not mine to edit): say so and close it.
  const closeOpened = opened.close;
  const closeEditing = editing.close;
  const missingPost = opened.value !== undefined && open === null && (openedId === 0 ? posts.isSuccess : openedOne.isError);
  const missingEdit = editing.value !== undefined && edited === null && (editingId === 0 ? posts.isSuccess : editedOne.isError || (editedPost !== null && !edited));
  useEffect(() => {
    if (!missingPost) return;
    toast.info(ko.board.postMissing);
    closeOpened();
  }, [missingPost, closeOpened]);
  useEffect(() => {
    if (!missingEdit) return;
    toast.info(ko.board.postMissing);
    closeEditing();
  }, [missingEdit, closeEditing]);

  const askRemove = async (post: Post) => {
    if (remove.isPending || !(await confirmDialog(ko.board.confirmDelete, { danger: true, confirmLabel: ko.feedback.delete }))) return;
    remove.mutate(post.id);
  };

  return (
    <div className="page board-page">
      <header className="board-page__header">
        <div>
          <h1 className="page-title">{ko.board.heading}</h1>
          <p className="board-page__tagline">{ko.boardUi.tagline}</p>
        </div>
        <button type="button" className="btn btn--primary" onClick={() => writing.open()}>
          {ko.board.write}
        </button>
      </header>
      <div className="board-page__tools">
        <input
          type="search"
          className="input board-page__search"
          aria-label={ko.boardUi.search}
          placeholder={ko.boardUi.searchPlaceholder}
          maxLength={100}
          value={search.text}
          onChange={(e) => search.setText(e.target.value)}
        />
        <TagFilter active={filter} onApply={setFilter} />
      </div>
      <QueryState query={posts} isEmpty={shown.length === 0 && !posts.hasNextPage} empty={search.query ? format(ko.boardUi.searchEmpty, { q: search.query }) : ko.board.empty} />
      {posts.status === 'success' && shown.length > 0 && (
        <VirtualCardGrid
          posts={shown}
          label={ko.boardUi.postList}
          renderCard={(post) => {
            const thumb = firstImageSrc(post.content);
            return (
              <div role="listitem" key={post.id} className="card board-card" data-post-id={post.id}>
                {thumb && <img className="board-card__thumb" src={thumb} alt="" loading="lazy" decoding="async" width={320} height={180} />}
                <h2 className="card__title">
                  {/* The button's hit area covers the whole card (board.css); Enter and Space open it like any button. */}
                  <button type="button" className="board-card__open" onClick={() => opened.open(post.id)} aria-label={format(ko.boardUi.openPost, { title: post.title })}>
                    {post.title}
                  </button>
                </h2>
                <p className="board-card__meta">
                  <span>{post.author?.name ?? ko.board.unknownAuthor}</span> ·{' '}
                  <time dateTime={post.createdAt} title={koreanDateTime(post.createdAt)}>
                    {relativeTime(post.createdAt, now)}
                  </time>
                </p>
                <p className="board-card__preview">{previewText(post.content)}</p>
                {post.tags.length > 0 && (
                  <ul className="chip-list" aria-label={ko.board.tags}>
                    {post.tags.map((t) => (
                      <li key={t} className="pill pill--muted">
                        {t}
                      </li>
                    ))}
                  </ul>
                )}
                <p className="board-card__stats">
                  <span>{format(ko.boardUi.likes, { n: post.likes })}</span> <span>{format(ko.boardUi.views, { n: post.views })}</span>{' '}
                  <span>{format(ko.boardUi.commentsCount, { n: post.commentCount })}</span>
                </p>
                {me && post.author?.id === me.id && (
                  <div className="board-card__actions">
                    <button type="button" className="btn btn--small btn--secondary" onClick={() => editing.open(post.id)}>
                      {ko.board.edit}
                    </button>
                    <button type="button" className="btn btn--small btn--danger" disabled={remove.isPending && remove.variables === post.id} onClick={() => void askRemove(post)}>
                      {ko.board.delete}
                    </button>
                  </div>
                )}
              </div>
            );
          }}
        />
      )}
      {posts.status === 'success' && (
        <LoadMore query={posts} />
      )}
      <Suspense fallback={null}>
        {writing.value !== undefined && <PostFormDialog key="new" post={null} open onOpenChange={(o) => !o && writing.close()} />}
        {edited && <PostFormDialog key={edited.id} post={edited} open onOpenChange={(o) => !o && editing.close()} />}
      </Suspense>
      {detailWanted && (
        <Suspense fallback={null}>
          <PostDetailDialog post={open} onOpenChange={(o) => !o && opened.close()} />
        </Suspense>
      )}
    </div>
  );
}
