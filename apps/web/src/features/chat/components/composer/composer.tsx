import { Button } from '@gallop/ui-kit';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type Ref } from 'react';
import '../chat.css';
import { LINE_ICON } from '../line-icon';

export interface ComposerProps {
  /** Queues the text; answers false when it could not be queued (the text then stays). */
  onSend: (text: string) => boolean;
  /** Uploads and sends one picture. */
  onAttach: (file: File) => Promise<void>;
  /** Why writing is not possible (a frozen chat), if it is not. */
  disabledReason?: string | undefined;
  textareaRef?: Ref<HTMLTextAreaElement>;
  /** Where the unsent text is kept (`features/chat/draft.ts`): read once mounted, written as typed. */
  draft?: ComposerDraft | undefined;
}

interface ComposerDraft {
  read: () => string;
  write: (text: string) => void;
}

/** Only images may be attached (docs/product.md, Validation: the type must start with image/). */
export function isImageFile(file: Pick<File, 'type'>): boolean {
  return file.type.startsWith('image/');
}

/** The message box: Enter sends, Shift+Enter starts a new line; a picture can be attached. */
export function Composer({ onSend, onAttach, disabledReason, textareaRef, draft }: ComposerProps) {
  const [text, setText] = useState('');
  const [uploading, setUploading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const id = useId();
  const disabled = disabledReason !== undefined;

  // After mounting: the server render cannot know the tab's kept text.
  useEffect(() => {
    const kept = draft?.read();
    if (kept) setText(kept);
  }, [draft]);

  const submit = () => {
    if (!text.trim() || disabled) return;
    if (onSend(text)) setText('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    try {
      await onAttach(file);
    } finally {
      setUploading(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  return (
    <form
      className="chat-composer"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {disabled && <p className="chat-composer__note">{disabledReason}</p>}
      <div className="chat-composer__row">
        <input
          ref={fileInput}
          id={`${id}-file`}
          type="file"
          accept="image/*"
          aria-label="Photo to attach"
          className="gk-visually-hidden"
          tabIndex={-1}
          disabled={disabled}
          onChange={(event) => void onFile(event.target.files?.[0])}
        />
        <Button
          type="button"
          theme="ghost"
          size="md"
          className="chat-composer__attach"
          aria-label="Attach a photo"
          title="Attach a photo"
          loading={uploading}
          disabled={disabled}
          onClick={() => fileInput.current?.click()}
        >
          <svg {...LINE_ICON} width="20" height="20">
            <path d="m20 11.5-7.8 7.8a5 5 0 0 1-7.1-7.1l8.1-8.1a3.3 3.3 0 0 1 4.7 4.7l-8.1 8.1a1.7 1.7 0 0 1-2.4-2.4l7.4-7.4" />
          </svg>
        </Button>
        <label htmlFor={`${id}-text`} className="gk-visually-hidden">
          Message
        </label>
        <textarea
          ref={textareaRef}
          id={`${id}-text`}
          className="gk-input chat-composer__input"
          rows={1}
          maxLength={10_000}
          placeholder="Write a message…"
          aria-describedby={`${id}-hint`}
          value={text}
          disabled={disabled}
          onChange={(event) => {
            setText(event.target.value);
            draft?.write(event.target.value);
          }}
          onKeyDown={onKeyDown}
        />
        <Button type="submit" theme="primary" size="md" disabled={disabled || !text.trim()}>
          Send
        </Button>
      </div>
      <p id={`${id}-hint`} className="chat-composer__hint">
        Enter to send, Shift+Enter for a new line
      </p>
    </form>
  );
}
