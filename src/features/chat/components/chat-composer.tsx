/**
 * The input pinned at the bottom (issue #30 item 5): above the phone's keyboard (the screen follows
 * the visual viewport) and the safe area (`env(safe-area-inset-bottom)` in chat.css). A message the
 * server refused (the content filter, a rate limit, a closed chat) comes back into the input with
 * the reason under it, so it can be edited and sent again; typing clears the reason.
 */
import { useId, type FormEvent, type RefObject } from 'react';
import { ko } from '@/i18n/ko';

interface ChatComposerProps {
  text: string;
  onText: (text: string) => void;
  /** The server's reason for refusing the message in the input. */
  error: string | null;
  connected: boolean;
  onSend: () => void;
  inputRef: RefObject<HTMLInputElement | null>;
}

export function ChatComposer({ text, onText, error, connected, onSend, inputRef }: ChatComposerProps) {
  const errorId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSend();
  };
  return (
    <div className="chat__composer">
      {!connected && <p className="chat__status">{ko.chatView.connecting}</p>}
      {error && (
        <p id={errorId} className="chat__refused" role="alert">
          {error}
        </p>
      )}
      <form className="chat__form" onSubmit={submit}>
        <input
          ref={inputRef}
          className="chat__input"
          value={text}
          onChange={(e) => onText(e.target.value)}
          placeholder={ko.chat.placeholder}
          aria-label={ko.chat.placeholder}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          maxLength={1000}
          enterKeyHint="send"
        />
        <button type="submit" className="btn btn--primary chat__send">
          {ko.chat.send}
        </button>
      </form>
    </div>
  );
}
