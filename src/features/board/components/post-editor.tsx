/**
 * The post content editor (SPEC §2 "The editor height is 300 px"; issue #6): Lexical rich text
 * with bold, italic, bullet and numbered lists, links and images uploaded through
 * `POST /api/images/upload`. Reports its content as HTML (@lexical/html) on every change.
 */
import { useRef, useState } from 'react';
import { $generateHtmlFromNodes, $generateNodesFromDOM } from '@lexical/html';
import { TOGGLE_LINK_COMMAND } from '@lexical/link';
import { INSERT_ORDERED_LIST_COMMAND, INSERT_UNORDERED_LIST_COMMAND } from '@lexical/list';
import { LexicalComposer } from '@lexical/react/LexicalComposer';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { ContentEditable } from '@lexical/react/LexicalContentEditable';
import { EditorRefPlugin } from '@lexical/react/LexicalEditorRefPlugin';
import { LexicalErrorBoundary } from '@lexical/react/LexicalErrorBoundary';
import { HistoryPlugin } from '@lexical/react/LexicalHistoryPlugin';
import { LinkPlugin } from '@lexical/react/LexicalLinkPlugin';
import { ListPlugin } from '@lexical/react/LexicalListPlugin';
import { OnChangePlugin } from '@lexical/react/LexicalOnChangePlugin';
import { RichTextPlugin } from '@lexical/react/LexicalRichTextPlugin';
import { $getRoot, $getSelection, $insertNodes, $isRangeSelection, $setSelection, FORMAT_TEXT_COMMAND, type LexicalEditor, type RangeSelection } from 'lexical';
import { toast } from '@/components/ui/feedback-store';
import type { FieldControlProps } from '@/components/ui/form-field';
import { ko } from '@/i18n/ko';
import { uploadImage } from '../api/board-api';
import { POST_EDITOR_NODES, sanitizePostHtml } from '../rich-text';
import { $createImageNode } from './image-node';

const isHttpUrl = (url: string) => /^https?:\/\/[^\s]+$/i.test(url);

function Toolbar() {
  const [editor] = useLexicalComposerContext();
  const file = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [linkOpen, setLinkOpen] = useState(false);
  const [link, setLink] = useState('https://');
  /** The text selected when the link tool opened (issue #18): the link goes on it, not on the paragraph. */
  const linkTarget = useRef<RangeSelection | null>(null);

  const onFile = async (f: File | undefined) => {
    if (!f) return;
    if (!f.type.startsWith('image/')) return toast.error(ko.profile.imagesOnly);
    setUploading(true);
    try {
      const { url } = await uploadImage(f);
      editor.update(() => {
        $insertNodes([$createImageNode(url, f.name.replace(/\.[^.]+$/, ''))]);
      });
    } catch {
      toast.error(ko.profile.uploadFailed);
    } finally {
      setUploading(false);
      if (file.current) file.current.value = '';
    }
  };

  const toggleLinkTool = () => {
    if (linkOpen) return setLinkOpen(false);
    // Remember the selection now: typing the address moves the focus out of the editor.
    linkTarget.current = editor.getEditorState().read(() => {
      const selection = $getSelection();
      return $isRangeSelection(selection) && !selection.isCollapsed() ? selection.clone() : null;
    });
    if (!linkTarget.current) return toast.info(ko.boardUi.linkSelectFirst);
    setLinkOpen(true);
  };

  const applyLink = () => {
    const url = link.trim();
    const target = linkTarget.current;
    if (!isHttpUrl(url) || !target) return;
    editor.update(() => {
      $setSelection(target.clone());
      const selection = $getSelection();
      if ($isRangeSelection(selection) && !selection.isCollapsed()) editor.dispatchCommand(TOGGLE_LINK_COMMAND, url);
    });
    linkTarget.current = null;
    setLinkOpen(false);
  };

  return (
    <div className="editor-toolbar" role="toolbar" aria-label={ko.boardUi.editorLabel}>
      <button type="button" className="btn btn--small btn--ghost" onClick={() => editor.dispatchCommand(FORMAT_TEXT_COMMAND, 'bold')} aria-label={ko.boardUi.bold}>
        <strong>B</strong>
      </button>
      <button type="button" className="btn btn--small btn--ghost" onClick={() => editor.dispatchCommand(FORMAT_TEXT_COMMAND, 'italic')} aria-label={ko.boardUi.italic}>
        <em>I</em>
      </button>
      <button type="button" className="btn btn--small btn--ghost" onClick={() => editor.dispatchCommand(INSERT_UNORDERED_LIST_COMMAND, undefined)}>
        {ko.boardUi.bulletList}
      </button>
      <button type="button" className="btn btn--small btn--ghost" onClick={() => editor.dispatchCommand(INSERT_ORDERED_LIST_COMMAND, undefined)}>
        {ko.boardUi.numberedList}
      </button>
      <button type="button" className="btn btn--small btn--ghost" aria-expanded={linkOpen} onMouseDown={(e) => e.preventDefault()} onClick={toggleLinkTool}>
        {ko.boardUi.link}
      </button>
      <button type="button" className="btn btn--small btn--ghost" disabled={uploading} onClick={() => file.current?.click()}>
        {uploading ? ko.boardUi.imageUploading : ko.boardUi.image}
      </button>
      <input ref={file} type="file" accept="image/*" hidden aria-label={ko.boardUi.image} onChange={(e) => void onFile(e.target.files?.[0])} />
      {linkOpen && (
        <span className="editor-toolbar__link">
          <input className="input" aria-label={ko.boardUi.linkPrompt} value={link} onChange={(e) => setLink(e.target.value)} />
          <button type="button" className="btn btn--small btn--secondary" onClick={applyLink} disabled={!isHttpUrl(link.trim())}>
            {ko.boardUi.linkApply}
          </button>
        </span>
      )}
    </div>
  );
}

/** Fills the editor from stored (sanitised) HTML once, when it is created. */
function initialState(html: string) {
  return (editor: LexicalEditor) => {
    if (!html) return;
    const clean = sanitizePostHtml(html);
    const dom = new DOMParser().parseFromString(clean, 'text/html');
    const nodes = $generateNodesFromDOM(editor, dom);
    $getRoot().select();
    $insertNodes(nodes);
  };
}

interface PostEditorProps {
  /** The content it starts with (a saved post, or a draft's HTML being continued). */
  initialHtml: string;
  onChange: (html: string) => void;
  /** The form field's id, `aria-invalid` and `aria-describedby` (FormField), set on the editable area. */
  control?: FieldControlProps;
  /** Receives the editor once created (the form focuses it when the content is invalid). */
  editorRef?: (editor: LexicalEditor | null) => void;
}

/** The Lexical editor with its toolbar; `onChange` receives HTML. */
export function PostEditor({ initialHtml, onChange, control, editorRef }: PostEditorProps) {
  const config = {
    namespace: 'board-post',
    nodes: POST_EDITOR_NODES,
    onError: (error: Error) => console.error(error),
    editorState: initialState(initialHtml),
    theme: { text: { bold: 'editor-bold', italic: 'editor-italic' } },
  };
  return (
    <LexicalComposer initialConfig={config}>
      <div className="post-editor">
        <Toolbar />
        <RichTextPlugin
          contentEditable={<ContentEditable
              className="post-editor__content"
              aria-label={ko.board.content}
              role="textbox"
              aria-multiline="true"
              id={control?.id}
              aria-invalid={control?.['aria-invalid'] || undefined}
              aria-describedby={control?.['aria-describedby']}
            />}
          ErrorBoundary={LexicalErrorBoundary}
        />
        <HistoryPlugin />
        {editorRef && <EditorRefPlugin editorRef={editorRef} />}
        <ListPlugin />
        <LinkPlugin validateUrl={isHttpUrl} />
        <OnChangePlugin ignoreSelectionChange onChange={(_state, editor) => editor.read(() => onChange($generateHtmlFromNodes(editor, null)))} />
      </div>
    </LexicalComposer>
  );
}
