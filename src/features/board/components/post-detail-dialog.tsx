/**
 * The post detail dialog (SPEC §2, §4 "Board"; issue #6): sanitised content, the view call for
 * non-authors (views +1 shown; the post still shows when it fails), the like toggle (shown at once,
 * rolled back when refused) and comments. A comment written offline waits in the outbox (issue #7)
 * and is listed as "전송 대기 중" until it is posted. The post comes from the query cache
 * (issue #14), so the writes here show through the cache, not through callbacks.
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useState } from 'react';
import type { Comment, Post } from '@common/api/board';
import { Dialog } from '@/components/ui/dialog';
import { confirmDialog, toast } from '@/components/ui/feedback-store';
import { ReportButton } from '@/shared/components/report-dialog';
import { BlockMemberButton } from '@/shared/components/block-member-button';
import { ShareButton } from '@/components/ui/share-button';
import { format, ko } from '@/i18n/ko';
import { errorMessage } from '@/lib/api-client';
import { relativeTime } from '@/lib/dates';
import { usePendingWrites } from '@/lib/outbox';
import { useSession } from '@/lib/session/store';
import { useNow } from '@/lib/use-now';
import { commentsQuery } from '../api/board-api';
import { useAddComment, useDeleteComment, useEditComment, useLikePost, useViewPost } from '../api/board-mutations';
import { boardPaging } from '../board-text';
import { LoadMore } from '@/components/ui/load-more';
import { PostContent } from './post-content';

/**
 * Posts whose view was already sent from this page load: opening one again neither calls the
 * view route nor shows +1 (the server counts a member once per hour anyway).
 */
const viewedThisLoad = new Set<number>();

interface PostDetailDialogProps {
  /** The opened post (from the query cache, so likes, views and comments show as they change). */
  post: Post | null;
  onOpenChange: (open: boolean) => void;
}

/**
 * My comment's 수정 and 삭제 (issue #18): 수정 turns the text into a box (저장 / 취소, Escape
 * cancels), 삭제 asks with a red 삭제 first.
 */
function OwnCommentActions({ postId, comment, editing, onEdit }: { postId: number; comment: Comment; editing: boolean; onEdit: (on: boolean) => void }) {
  const [text, setText] = useState(comment.text);
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  const edit = useEditComment();
  const remove = useDeleteComment();

  const askRemove = async () => {
    if (remove.isPending || !(await confirmDialog(ko.boardUi.commentConfirmDelete, { danger: true, confirmLabel: ko.feedback.delete }))) return;
    remove.mutate({ postId, commentId: comment.id });
  };
  const save = () => {
    const trimmed = text.trim();
    if (!trimmed) return setError(ko.board.enterComment);
    if (edit.isPending) return;
    if (trimmed === comment.text) return onEdit(false);
    edit.mutate(
      { postId, commentId: comment.id, text: trimmed },
      {
        onSuccess: () => onEdit(false),
        onError: (e) => {
          setError(errorMessage(e, ko.boardUi.commentEditFailed));
          toast.error(errorMessage(e, ko.boardUi.commentEditFailed));
        },
      },
    );
  };

  if (editing) {
    return (
      <form
        className="post-comments__edit"
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        <input
          className="input"
          aria-label={ko.boardUi.commentEditLabel}
          value={text}
          maxLength={500}
          autoFocus
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => {
            setText(e.target.value);
            if (error) setError(null);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              e.preventDefault();
              e.stopPropagation();
              onEdit(false);
            }
          }}
        />
        <button type="submit" className="btn btn--primary btn--small" disabled={edit.isPending}>
          {ko.boardUi.commentSave}
        </button>
        <button type="button" className="btn btn--ghost btn--small" onClick={() => onEdit(false)}>
          {ko.boardUi.commentCancel}
        </button>
        {error && (
          <p id={errorId} className="field__error">
            {error}
          </p>
        )}
      </form>
    );
  }
  return (
    <span className="post-comments__own">
      <button
        type="button"
        className="btn btn--ghost btn--small"
        aria-label={`${ko.boardUi.commentEditLabel}: ${comment.text}`}
        onClick={() => {
          setText(comment.text);
          setError(null);
          onEdit(true);
        }}
      >
        {ko.boardUi.commentEdit}
      </button>
      <button
        type="button"
        className="btn btn--ghost btn--small btn--danger"
        aria-label={`${ko.boardUi.commentDelete}: ${comment.text}`}
        disabled={remove.isPending}
        onClick={() => void askRemove()}
      >
        {ko.boardUi.commentDelete}
      </button>
    </span>
  );
}

export function PostDetailDialog({ post, onOpenChange }: PostDetailDialogProps) {
  const me = useSession((s) => s.user);
  const [text, setText] = useState('');
  const [commentError, setCommentError] = useState<string | null>(null);
  const errorId = useId();
  const pending = usePendingWrites('comment', String(post?.id ?? ''));
  const view = useViewPost();
  const like = useLikePost(me?.id);
  const comment = useAddComment();
  const now = useNow(60_000);
  const [editingId, setEditingId] = useState<number | null>(null);
  const viewPost = view.mutate;
  const postId = post?.id;
  const authorId = post?.author?.id;
  // Issue #19: the comments are their own paged list (oldest first), loaded when the post opens.
  const commentPages = useInfiniteQuery({ ...commentsQuery(postId ?? 0), enabled: postId !== undefined });
  const comments = useMemo(() => commentPages.data?.pages.flatMap((p) => p.items) ?? [], [commentPages.data]);

  // Another post opened: its comment box starts empty.
  const [shownId, setShownId] = useState(postId);
  if (shownId !== postId) {
    setShownId(postId);
    setText('');
    setCommentError(null);
    setEditingId(null);
  }

  useEffect(() => {
    if (postId === undefined) return;
    if (!me || authorId === me.id || viewedThisLoad.has(postId)) return;
    viewedThisLoad.add(postId);
    viewPost(postId);
  }, [postId, authorId, me, viewPost]);

  if (!post) return null;
  const liked = post.likedByMe;

  const submitComment = () => {
    const trimmed = text.trim();
    if (!trimmed) return setCommentError(ko.board.enterComment);
    if (comment.isPending) return;
    setCommentError(null);
    comment.mutate({ post, text: trimmed }, { onSuccess: () => setText('') });
  };

  return (
    <Dialog
      open
      onOpenChange={onOpenChange}
      title={post.title}
    >
      <article className="post-detail">
        <p className="post-meta">
          <span>{post.author?.name ?? ko.board.unknownAuthor}</span>
          <time dateTime={post.createdAt}>{relativeTime(post.createdAt, now)}</time>
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
          <button type="button" className="btn btn--secondary btn--small like-button" aria-pressed={liked} disabled={like.isPending} onClick={() => like.mutate(post)}>
            <span className="like-button__heart" aria-hidden="true">
              {liked ? '♥' : '♡'}
            </span>{' '}
            {ko.board.like} <span data-testid="post-likes">{post.likes}</span>
          </button>
          <span>
            {ko.board.views} <span data-testid="post-views">{post.views}</span>
          </span>
          {/* Issue #18 item 6: the link opens this post (`/board?post=12`; the server previews it). */}
          <ShareButton title={format(ko.share.postTitle, { title: post.title })} text={post.address ?? post.title} url={`/board?post=${post.id}`} />
          {/* Issue #17: someone else's post can be reported. */}
          {me && post.author && post.author.id !== me.id && (
            <ReportButton targetType="post" targetId={post.id} label={format(ko.reports.reportLabel, { what: ko.reports.targets.post })} />
          )}
        </div>
        <section aria-label={ko.board.comments} className="post-comments">
          <h3>{ko.board.comments}</h3>
          {commentPages.status === 'pending' && pending.length === 0 ? (
            <p className="empty-state" role="status">
              {boardPaging.commentsLoading}
            </p>
          ) : commentPages.status === 'error' && pending.length === 0 ? (
            <p className="load-error" role="alert">
              {boardPaging.commentsFailed}{' '}
              <button type="button" className="link-button" disabled={commentPages.isFetching} onClick={() => void commentPages.refetch()}>
                {ko.lists.retry}
              </button>
            </p>
          ) : comments.length === 0 && pending.length === 0 ? (
            <p className="empty-state">{ko.board.noComments}</p>
          ) : (
            <ul>
              {comments.map((c) => (
                <li key={c.id} data-comment-id={c.id}>
                  <strong>{c.author.name ?? ko.board.unknownAuthor}</strong> {editingId !== c.id && <span>{c.text}</span>}
                  <time className="post-comments__time" dateTime={c.createdAt}>
                    {relativeTime(c.createdAt, now)}
                  </time>
                  {me && c.author.id === me.id && (
                    <OwnCommentActions postId={post.id} comment={c} editing={editingId === c.id} onEdit={(on) => setEditingId(on ? c.id : null)} />
                  )}
                  {me && c.author.id !== null && c.author.id !== me.id && (
                    <ReportButton
                      targetType="comment"
                      targetId={c.id}
                      className="btn btn--ghost btn--small post-comments__report"
                      label={format(ko.reports.reportLabel, { what: `${c.author.name ?? ko.board.unknownAuthor} ${ko.reports.targets.comment}` })}
                    />
                  )}
                  {/* Issue #17 item 4: 차단하기 on comments too; the blocked member's posts and comments then leave the board. */}
                  {me && c.author.id !== null && c.author.id !== me.id && (
                    <BlockMemberButton
                      userId={c.author.id}
                      name={c.author.name ?? ko.board.unknownAuthor}
                      className="btn btn--ghost btn--small btn--danger post-comments__block"
                      label={`${c.author.name ?? ko.board.unknownAuthor} ${ko.blocks.block}`}
                    />
                  )}
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
          <LoadMore auto={false} label={boardPaging.moreComments} query={commentPages} />
          <form
            className="field__row"
            onSubmit={(e) => {
              e.preventDefault();
              submitComment();
            }}
          >
            <input
              className="input"
              aria-label={ko.board.comments}
              placeholder={ko.boardUi.commentPlaceholder}
              value={text}
              maxLength={500}
              aria-invalid={commentError ? true : undefined}
              aria-describedby={commentError ? errorId : undefined}
              onChange={(e) => {
                setText(e.target.value);
                if (commentError) setCommentError(null);
              }}
            />
            <button type="submit" className="btn btn--primary btn--small" disabled={comment.isPending}>
              {ko.board.writeComment}
            </button>
          </form>
          {commentError && (
            <p id={errorId} className="field__error">
              {commentError}
            </p>
          )}
        </section>
      </article>
    </Dialog>
  );
}
