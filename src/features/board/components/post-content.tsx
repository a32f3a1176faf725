import DOMPurify from 'dompurify';
import { useMemo } from 'react';

/** DOMPurify settings for post content: the same allowlist the server applies (issue #6). */
const PURIFY = {
  ALLOWED_TAGS: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'strike', 'h2', 'h3', 'ul', 'ol', 'li', 'blockquote', 'a', 'img'],
  ALLOWED_ATTR: ['href', 'rel', 'target', 'src', 'alt', 'width', 'height'],
  ALLOWED_URI_REGEXP: /^(?:https?:|\/uploads\/)/i,
};

/** Sanitises post HTML for display (SPEC §2 "Post content is sanitised before display"). */
export function sanitizeForDisplay(html: string): string {
  return DOMPurify.sanitize(html, PURIFY);
}

/** Post content, sanitised again with DOMPurify before it reaches the DOM. */
export function PostContent({ html }: { html: string }) {
  const clean = useMemo(() => sanitizeForDisplay(html), [html]);
  // The only HTML injection of the board: content passed through DOMPurify just above.
  return <div className="post-content" dangerouslySetInnerHTML={{ __html: clean }} />;
}
