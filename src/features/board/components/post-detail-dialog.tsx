/**
 * The post detail dialog (SPEC §2, §4 "Board"; issue #6): sanitised content, the view call for
 * non-authors (views +1 shown; the post still shows when it fails), the like toggle replaced by
 * the server's post, and comments. A comment written offline waits in the outbox (issue #7) and
 * is listed as "전송 대기 중" until it is posted.
 */
import { useEffect, useRef, useState } from 'react';
import type { Post } from '@common/api/board';
import { Dialog } from '@/components/ui/dialog';
import { toast } from '@/components/ui/feedback-store';
import { ko } from '@/i18n/ko';
import { usePendingWrites } from '@/lib/outbox';
import { useSession } from '@/lib/session/store';
import { addComment, toggleLike, viewPost } from '../api/board-api';
import { PostContent } from './post-content';

/**
 * Posts whose view was already sent from this page load: opening one again neither calls the
 * view route nor shows +1 (the server counts a member once per hour anyway).
 */
const viewedThisLoad = new Set<number>();

interface PostDetailDialogProps {
  post: Post | null;
  onOpenChange: (open: boolean) => void;
  /** The post changed (view, like, comment): the list replaces its copy. */
  onChange: (post: Post) => void;
}

export function PostDetailDialog({ post, onOpenChange, onChange }: PostDetailDialogProps) {
  const me = useSession((s) => s.user);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const viewed = useRef<number | null>(null);
  const pending = usePendingWrites('comment', String(post?.id ?? ''));
  const postRef = useRef(post);
  useEffect(() => {
    postRef.current = post;
  });

  useEffect(() => {
    const current = postRef.current;
    if (!current || viewed.current === current.id) return;
    viewed.current = current.id;
    setText('');
    if (!me || current.author?.id === me.id || viewedThisLoad.has(current.id)) return;
    viewedThisLoad.add(current.id);
    viewPost(current.id)
      .then(() => {
        const latest = postRef.current;
        if (latest && latest.id === current.id) onChange({ ...latest, views: latest.views + 1 });
      })
      .catch((error: unknown) => console.warn('view call failed', error));
  }, [post?.id, me, onChange]);

  if (!post) return null;
  const liked = me ? post.likedMemberIds.includes(me.id) : false;

  const like = async () => {
    try {
      onChange(await toggleLike(post.id));
    } catch {
      toast.error(ko.board.likeFailed);
    }
  };

  const comment = async () => {
    if (!me) return toast.error(ko.schedule.loginFirst);
    const trimmed = text.trim();
    if (!trimmed) return toast.error(ko.board.enterComment);
    if (busy) return;
    setBusy(true);
    try {
      const result = await addComment(post.id, trimmed);
      if (result.queued) toast.info(ko.offlineUi.queued);
      else onChange({ ...post, comments: [...post.comments, result.data] });
      setText('');
    } catch {
      toast.error(ko.board.commentFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onOpenChange={(o) => {
        if (!o) viewed.current = null;
        onOpenChange(o);
      }}
      title={post.title}
    >
      <article className="post-detail">
        <p className="post-meta">
          <span>{post.author?.name ?? ko.board.unknownAuthor}</span>
          {post.address && <span>{post.address}</span>}
        </p>
        {post.tags.length > 0 && (
          <ul className="chip-list" aria-label={ko.board.tags}>
            {post.tags.map((t) => (
              <li key={t} className="pill">
                {t}
              </li>
            ))}
          </ul>
        )}
        <PostContent html={post.content} />
        <div className="post-actions">
          <button type="button" className="btn btn--secondary btn--small" aria-pressed={liked} onClick={() => void like()}>
            {ko.board.like} <span data-testid="post-likes">{post.likes}</span>
          </button>
          <span>
            {ko.board.views} <span data-testid="post-views">{post.views}</span>
          </span>
        </div>
        <section aria-label={ko.board.comments} className="post-comments">
          <h3>{ko.board.comments}</h3>
          {post.comments.length === 0 && pending.length === 0 ? (
            <p className="empty-state">{ko.board.noComments}</p>
          ) : (
            <ul>
              {post.comments.map((c) => (
                <li key={c.id}>
                  <strong>{c.author.name ?? ko.board.unknownAuthor}</strong> <span>{c.text}</span>
                </li>
              ))}
              {pending.map((entry) => (
                <li key={entry.key} className="pending-write" data-pending="true">
                  <strong>{me?.name ?? ko.board.unknownAuthor}</strong> <span>{(entry.body as { text?: string }).text}</span>
                  <span className="pending-write__label">{ko.offlineUi.pending}</span>
                </li>
              ))}
            </ul>
          )}
          <form
            className="field__row"
            onSubmit={(e) => {
              e.preventDefault();
              void comment();
            }}
          >
            <input className="input" aria-label={ko.board.comments} placeholder={ko.boardUi.commentPlaceholder} value={text} maxLength={500} onChange={(e) => setText(e.target.value)} />
            <button type="submit" className="btn btn--primary btn--small" disabled={busy}>
              {ko.board.writeComment}
            </button>
          </form>
        </section>
      </article>
    </Dialog>
  );
}
