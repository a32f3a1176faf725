/**
 * The board screen `/board` (SPEC §2 Board, §4 "Board", §6; issue #6): heading, tagline, the
 * create button, the ALL-tags filter, the card grid and the dialogs. The list is a query
 * (issue #14) with its loading, error (다시 시도) and empty states; the opened post (`?post=12`)
 * and the form (`?write=1`, `?edit=12`) are in the address, so Back closes them and a link opens them.
 */
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import type { Post } from '@common/api/board';
import { confirmDialog, toast } from '@/components/ui/feedback-store';
import { QueryState } from '@/components/ui/load-state';
import { format, ko } from '@/i18n/ko';
import { relativeTime } from '@/lib/dates';
import { useSession } from '@/lib/session/store';
import { useNow } from '@/lib/use-now';
import { useUrlState } from '@/lib/use-url-state';
import { postsQuery, searchPostsQuery } from '../api/board-api';
import { useDeletePost } from '../api/board-mutations';
import { filterByAllTags, firstImageSrc, previewText, searchText } from '../board-logic';
import { PostDetailDialog } from './post-detail-dialog';
import { PostFormDialog } from './post-form-dialog';
import { TagFilter } from './tag-filter';
import './board.css';

const NONE: Post[] = [];
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
  const posts = useQuery(postsQuery());
  const search = useSearchParam();
  const searched = useQuery(searchPostsQuery(search.query));
  const now = useNow(60_000);
  const remove = useDeletePost();
  const [filter, setFilter] = useState<string[]>([]);
  // The opened post and the form are in the address (issue #14): Back closes them, a link opens them.
  const opened = useUrlState('post');
  const writing = useUrlState('write');
  const editing = useUrlState('edit');

  const list = posts.data ?? NONE;
  // With a search, the cards are the server's matches; an opened post is still read from the whole list.
  const shownQuery = search.query ? searched : posts;
  const source = shownQuery.data ?? NONE;
  const shown = useMemo(() => filterByAllTags(source, filter), [source, filter]);
  const open = opened.value === undefined ? null : (list.find((p) => String(p.id) === opened.value) ?? null);
  const edited = editing.value === undefined ? null : (list.find((p) => String(p.id) === editing.value && me && p.author?.id === me.id) ?? null);

  // A link to a post that is not on the board (deleted, or not mine to edit): say so and close it.
  const closeOpened = opened.close;
  const closeEditing = editing.close;
  const missingPost = posts.isSuccess && opened.value !== undefined && open === null;
  const missingEdit = posts.isSuccess && editing.value !== undefined && edited === null;
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
      <QueryState query={shownQuery} isEmpty={shown.length === 0} empty={search.query ? format(ko.boardUi.searchEmpty, { q: search.query }) : ko.board.empty} />
      {shownQuery.status === 'success' && shown.length > 0 && (
        <ul className="board-grid" aria-label={ko.boardUi.postList}>
          {shown.map((post) => {
            const thumb = firstImageSrc(post.content);
            return (
              <li key={post.id} className="card board-card" data-post-id={post.id}>
                {thumb && <img className="board-card__thumb" src={thumb} alt="" loading="lazy" decoding="async" width={320} height={180} />}
                <h2 className="card__title">
                  {/* The button's hit area covers the whole card (board.css); Enter and Space open it like any button. */}
                  <button type="button" className="board-card__open" onClick={() => opened.open(post.id)} aria-label={format(ko.boardUi.openPost, { title: post.title })}>
                    {post.title}
                  </button>
                </h2>
                <p className="board-card__meta">
                  <span>{post.author?.name ?? ko.board.unknownAuthor}</span> ·{' '}
                  <time dateTime={post.createdAt} title={new Date(post.createdAt).toLocaleString('ko-KR', { timeZone: 'Asia/Seoul' })}>
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
                  <span>{format(ko.boardUi.commentsCount, { n: post.comments.length })}</span>
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
              </li>
            );
          })}
        </ul>
      )}
      {writing.value !== undefined && <PostFormDialog key="new" post={null} open onOpenChange={(o) => !o && writing.close()} />}
      {edited && <PostFormDialog key={edited.id} post={edited} open onOpenChange={(o) => !o && editing.close()} />}
      <PostDetailDialog post={open} onOpenChange={(o) => !o && opened.close()} />
    </div>
  );
}
