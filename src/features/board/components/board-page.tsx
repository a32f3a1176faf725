/**
 * The board screen `/board` (SPEC §2 Board, §4 "Board", §6; issue #6): heading, tagline, the
 * create button, the ALL-tags filter, the card grid and the dialogs.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { Post } from '@common/api/board';
import { confirmDialog, toast } from '@/components/ui/feedback-store';
import { format, ko } from '@/i18n/ko';
import { onOutboxSent } from '@/lib/outbox';
import { useSession } from '@/lib/session/store';
import { deletePost, getPosts } from '../api/board-api';
import { filterByAllTags, previewText } from '../board-logic';
import { PostDetailDialog } from './post-detail-dialog';
import { PostFormDialog } from './post-form-dialog';
import { TagFilter } from './tag-filter';
import './board.css';

export function BoardPage() {
  const me = useSession((s) => s.user);
  const signedIn = useSession((s) => s.status === 'signedIn');
  const [posts, setPosts] = useState<Post[]>([]);
  const [loaded, setLoaded] = useState(false);
  const [filter, setFilter] = useState<string[]>([]);
  const [editing, setEditing] = useState<Post | null | undefined>(undefined);
  const [openId, setOpenId] = useState<number | null>(null);

  // `reload` grows when a comment written offline was posted (issue #7): the list is fetched again.
  const [reload, setReload] = useState(0);
  useEffect(() => onOutboxSent((entry) => entry.kind === 'comment' && setReload((n) => n + 1)), []);

  useEffect(() => {
    if (!signedIn) return;
    const controller = new AbortController();
    getPosts(controller.signal)
      .then(setPosts)
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('board load failed', error);
        setPosts([]);
      })
      .finally(() => setLoaded(true));
    return () => controller.abort();
  }, [signedIn, reload]);

  const replace = useCallback((next: Post) => setPosts((list) => (list.some((p) => p.id === next.id) ? list.map((p) => (p.id === next.id ? next : p)) : [next, ...list])), []);
  const shown = useMemo(() => filterByAllTags(posts, filter), [posts, filter]);
  const open = posts.find((p) => p.id === openId) ?? null;

  const remove = async (post: Post) => {
    if (!(await confirmDialog(ko.board.confirmDelete))) return;
    try {
      await deletePost(post.id);
      setPosts((list) => list.filter((p) => p.id !== post.id));
      toast.success(ko.boardUi.deleted);
    } catch {
      toast.error(ko.board.deleteFailed);
    }
  };

  return (
    <div className="page board-page">
      <header className="board-page__header">
        <div>
          <h1 className="page-title">{ko.board.heading}</h1>
          <p className="board-page__tagline">{ko.boardUi.tagline}</p>
        </div>
        <button type="button" className="btn btn--primary" onClick={() => setEditing(null)}>
          {ko.board.write}
        </button>
      </header>
      <TagFilter active={filter} onApply={setFilter} />
      {loaded && shown.length === 0 ? (
        <p className="empty-state">{ko.board.empty}</p>
      ) : (
        <ul className="board-grid" aria-label={ko.boardUi.postList}>
          {shown.map((post) => (
            <li key={post.id} className="card board-card" data-post-id={post.id}>
              <h2 className="card__title">
                <button type="button" className="board-card__open" onClick={() => setOpenId(post.id)} aria-label={format(ko.boardUi.openPost, { title: post.title })}>
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
                  <button type="button" className="btn btn--small btn--secondary" onClick={() => setEditing(post)}>
                    {ko.board.edit}
                  </button>
                  <button type="button" className="btn btn--small btn--danger" onClick={() => void remove(post)}>
                    {ko.board.delete}
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {editing !== undefined && (
        <PostFormDialog
          key={editing?.id ?? 'new'}
          post={editing}
          open
          onOpenChange={(o) => {
            if (!o) setEditing(undefined);
          }}
          onSaved={replace}
        />
      )}
      <PostDetailDialog post={open} onOpenChange={(o) => !o && setOpenId(null)} onChange={replace} />
    </div>
  );
}
