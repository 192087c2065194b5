import '../tokens/tokens.css';
import './code-input.css';
import { useRef, useState, type ClipboardEvent, type KeyboardEvent, type ChangeEvent } from 'react';
import { cx } from '../internal/class-names';
import type { NativeProps } from '../internal/root-props';

/** Default number of digits of a one-time code (docs/product.md, Constants). */
export const CODE_INPUT_LENGTH = 5;

/**
 * Native props (`id`, `aria-describedby` …), `className`, `style` and `ref` go to the root
 * `<div role="group">`; `label` is its accessible name.
 */
export interface CodeInputProps extends NativeProps<'div', 'onChange' | 'defaultValue'> {
  /** Accessible name of the group, e.g. 'Code from the SMS'. */
  label: string;
  length?: number;
  /** Controlled value (digits only); leave undefined for an uncontrolled input. */
  value?: string;
  onChange?: (code: string) => void;
  /** Called once every box holds a digit. */
  onComplete?: (code: string) => void;
  disabled?: boolean;
  invalid?: boolean;
  autoFocus?: boolean;
}

const DIGITS = /^\d+$/;

/**
 * One box per digit: digits only, a paste counts only with exactly `length` digits.
 *
 * **Usage.** Do use it for a one-time code sent by SMS or e-mail (signing in, confirming a phone
 * number), with a `label` that says where the code came from, and go on with `onComplete`. Don't
 * use it for other numbers (a booking reference, a postcode), and don't clear a wrong code
 * silently: set `invalid` and say what went wrong.
 */
export function CodeInput({
  label,
  length = CODE_INPUT_LENGTH,
  value,
  onChange,
  onComplete,
  disabled,
  invalid,
  autoFocus,
  className,
  ...rest
}: CodeInputProps) {
  const [ownValue, setOwnValue] = useState('');
  const code = (value ?? ownValue).slice(0, length);
  const boxes = useRef<(HTMLInputElement | null)[]>([]);

  const focusBox = (index: number) => {
    const box = boxes.current[Math.max(0, Math.min(length - 1, index))];
    box?.focus();
    box?.select();
  };

  const update = (next: string) => {
    if (value === undefined) setOwnValue(next);
    onChange?.(next);
    if (next.length === length && DIGITS.test(next)) onComplete?.(next);
  };

  // Digits fill from the left: a box past the first empty one writes into that empty one.
  const handleChange = (index: number, event: ChangeEvent<HTMLInputElement>) => {
    const typed = event.target.value.replace(code[index] ?? '', '').slice(-1);
    if (!/^\d$/.test(typed)) return;
    const at = Math.min(index, code.length);
    update(code.slice(0, at) + typed + code.slice(at + 1));
    focusBox(at + 1);
  };

  const handleKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace') {
      event.preventDefault();
      const at = code[index] === undefined ? index - 1 : index;
      if (at < 0) return;
      update(code.slice(0, at) + code.slice(at + 1));
      focusBox(at);
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      focusBox(Math.min(index + 1, code.length));
    }
  };

  const handlePaste = (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const pasted = event.clipboardData.getData('text').trim();
    if (pasted.length !== length || !DIGITS.test(pasted)) return;
    update(pasted);
    focusBox(length - 1);
  };

  return (
    <div
      {...rest}
      role="group"
      aria-label={label}
      className={cx('gk-code-input', invalid && 'gk-code-input--invalid', className)}
    >
      {Array.from({ length }, (_, index) => (
        <input
          key={index}
          ref={(box) => {
            boxes.current[index] = box;
          }}
          className="gk-code-input__box"
          aria-label={`Digit ${index + 1} of ${length}`}
          aria-invalid={invalid || undefined}
          inputMode="numeric"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          // Only the first empty box (or the last) is a tab stop; arrows move between boxes.
          tabIndex={index === Math.min(code.length, length - 1) ? 0 : -1}
          autoFocus={autoFocus && index === 0}
          disabled={disabled}
          value={code[index] ?? ''}
          onChange={(event) => handleChange(index, event)}
          onKeyDown={(event) => handleKeyDown(index, event)}
          onPaste={handlePaste}
          onFocus={(event) => event.target.select()}
        />
      ))}
    </div>
  );
}
