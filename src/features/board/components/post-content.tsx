import { useMemo } from 'react';
import { sanitizePostHtml } from '../rich-text';

/** Post content, sanitised again (DOMPurify, the common allowlist) before it reaches the DOM. */
export function PostContent({ html }: { html: string }) {
  const clean = useMemo(() => sanitizePostHtml(html), [html]);
  // The only HTML injection of the board: content passed through DOMPurify just above.
  return <div className="post-content" dangerouslySetInnerHTML={{ __html: clean }} />;
}
