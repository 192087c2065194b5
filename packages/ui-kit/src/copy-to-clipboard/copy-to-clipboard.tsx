import '../tokens/tokens.css';
import './copy-to-clipboard.css';
import { useEffect, useRef, useState } from 'react';
import { cx } from '../internal/class-names';
import { composeHandlers, type NativeProps } from '../internal/root-props';

/** How long the 'copied' state lasts, in ms (docs/product.md, Constants). */
export const COPIED_FLAG_DURATION = 1500;

/** Native props, `className`, `style` and `ref` go to the `<button>`. */
export interface CopyToClipboardProps extends NativeProps<'button', 'onCopy' | 'onError'> {
  /** The text to copy, e.g. a request number or a link. */
  text: string;
  label?: string;
  copiedLabel?: string;
  onCopy?: (text: string) => void;
  onError?: (error: unknown) => void;
}

/**
 * A button that copies `text`; it says 'Copied' for 1500 ms (announced politely).
 *
 * **Usage.** Do put it next to text that people paste elsewhere: a booking reference, the
 * organizer's bank details, a link to a tour. Don't make it the only way to get the text (keep the
 * text visible and selectable), and don't add a toast to its own 'Copied' message.
 */
export function CopyToClipboard({
  text,
  label = 'Copy',
  copiedLabel = 'Copied',
  onCopy,
  onError,
  className,
  onClick,
  ...rest
}: CopyToClipboardProps) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
    } catch (error) {
      onError?.(error);
      return;
    }
    onCopy?.(text);
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_FLAG_DURATION);
  };

  return (
    <button
      {...rest}
      type="button"
      className={cx('gk-copy', copied && 'gk-copy--copied', className)}
      onClick={composeHandlers(onClick, () => void copy())}
    >
      <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
        {copied ? (
          <path
            d="M5 12.5l4.5 4.5L19 7.5"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.2"
            strokeLinecap="round"
          />
        ) : (
          <path
            d="M9 9h10v11H9zM5 15V4h10"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinejoin="round"
          />
        )}
      </svg>
      <span aria-live="polite">{copied ? copiedLabel : label}</span>
    </button>
  );
}
