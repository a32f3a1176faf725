/**
 * The client's side of the post HTML allowlist (issue #29 item 5; the list is common/rich-text.ts,
 * which the server's sanitize-html applies on save):
 * - `sanitizePostHtml`: DOMPurify with the same tags, attributes per tag and URL rules (images only
 *   from `/uploads/<name>`, links only http(s) with rel="noopener nofollow ugc" target="_blank"),
 *   before a post reaches the DOM and when the editor loads one;
 * - `POST_EDITOR_NODES`: the Lexical nodes of the editor, which read and write exactly those tags
 *   (src/features/board/rich-text.test.ts checks both against the common fixtures).
 */
import DOMPurify from 'dompurify';
import { LinkNode } from '@lexical/link';
import { ListItemNode, ListNode } from '@lexical/list';
import { HeadingNode, QuoteNode } from '@lexical/rich-text';
import {
  RICH_TEXT_ATTRIBUTES,
  RICH_TEXT_DROPPED_CONTENT,
  RICH_TEXT_LINK_REL,
  RICH_TEXT_LINK_TARGET,
  RICH_TEXT_TAGS,
  richTextAttributeAllowed,
} from '@common/rich-text';
import { ImageNode } from './components/image-node';

/** The editor's nodes beside Lexical's own paragraph, text and line break (post-editor.tsx). */
export const POST_EDITOR_NODES = [HeadingNode, QuoteNode, ListNode, ListItemNode, LinkNode, ImageNode];

/** A DOMPurify of its own, so these hooks touch no other use of DOMPurify. */
const purify = DOMPurify(window);
purify.addHook('uponSanitizeAttribute', (node, data) => {
  if (!richTextAttributeAllowed(node.nodeName.toLowerCase(), data.attrName, data.attrValue)) data.keepAttr = false;
});
purify.addHook('afterSanitizeAttributes', (node) => {
  const tag = node.nodeName.toLowerCase();
  if (tag === 'a') {
    node.setAttribute('rel', RICH_TEXT_LINK_REL);
    node.setAttribute('target', RICH_TEXT_LINK_TARGET);
  }
  // An image whose src went (another host, data:, blob:) goes with it.
  if (tag === 'img' && !node.hasAttribute('src')) node.remove();
});

const CONFIG = {
  ALLOWED_TAGS: [...RICH_TEXT_TAGS],
  ALLOWED_ATTR: [...new Set(Object.values(RICH_TEXT_ATTRIBUTES).flat())],
  ADD_FORBID_CONTENTS: [...RICH_TEXT_DROPPED_CONTENT],
  // URL values: the hook above (stricter than DOMPurify's own URI check, which stays on).
};

/** Post HTML reduced to the allowlist (SPEC §2 "Post content is sanitised before display"). */
export function sanitizePostHtml(html: string): string {
  return purify.sanitize(html, CONFIG);
}
