/**
 * The board screen `/board` (SPEC §2 Board, §4 "Board", §6; issue #6): heading, tagline, the
 * create button, the ALL-tags filter, the card grid and the dialogs. The list is a query
 * (issue #14) with its loading, error (다시 시도) and empty states; the opened post (`?post=12`)
 * and the form (`?write=1`, `?edit=12`) are in the address, so Back closes them and a link opens them.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import type { Post } from '@common/api/board';
import { confirmDialog, toast } from '@/components/ui/feedback-store';
import { QueryState } from '@/components/ui/load-state';
import { format, ko } from '@/i18n/ko';
import { useSession } from '@/lib/session/store';
import { useUrlState } from '@/lib/use-url-state';
import { postsQuery } from '../api/board-api';
import { useDeletePost } from '../api/board-mutations';
import { filterByAllTags, previewText } from '../board-logic';
import { PostDetailDialog } from './post-detail-dialog';
import { PostFormDialog } from './post-form-dialog';
import { TagFilter } from './tag-filter';
import './board.css';

const NONE: Post[] = [];

export function BoardPage() {
  const me = useSession((s) => s.user);
  const posts = useQuery(postsQuery());
  const remove = useDeletePost();
  const [filter, setFilter] = useState<string[]>([]);
  // The opened post and the form are in the address (issue #14): Back closes them, a link opens them.
  const opened = useUrlState('post');
  const writing = useUrlState('write');
  const editing = useUrlState('edit');

  const list = posts.data ?? NONE;
  const shown = useMemo(() => filterByAllTags(list, filter), [list, filter]);
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
    if (remove.isPending || !(await confirmDialog(ko.board.confirmDelete))) return;
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
      <TagFilter active={filter} onApply={setFilter} />
      <QueryState query={posts} isEmpty={shown.length === 0} empty={ko.board.empty} />
      {posts.status === 'success' && shown.length > 0 && (
        <ul className="board-grid" aria-label={ko.boardUi.postList}>
          {shown.map((post) => (
            <li key={post.id} className="card board-card" data-post-id={post.id}>
              <h2 className="card__title">
                <button type="button" className="board-card__open" onClick={() => opened.open(post.id)} aria-label={format(ko.boardUi.openPost, { title: post.title })}>
                  {post.title}
                </button>
              </h2>
              <p className="board-card__meta">{post.author?.name ?? ko.board.unknownAuthor}</p>
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
          ))}
        </ul>
      )}
      {writing.value !== undefined && <PostFormDialog key="new" post={null} open onOpenChange={(o) => !o && writing.close()} />}
      {edited && <PostFormDialog key={edited.id} post={edited} open onOpenChange={(o) => !o && editing.close()} />}
      <PostDetailDialog post={open} onOpenChange={(o) => !o && opened.close()} />
    </div>
  );
}
