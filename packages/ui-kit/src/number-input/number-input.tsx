import '../tokens/tokens.css';
import '../form/input.css';
import './number-input.css';
import { useEffect, useState, type InputHTMLAttributes, type KeyboardEvent } from 'react';

/** Keeps a number inside [min, max]; a missing bound does not limit. */
export function clamp(value: number, min = -Infinity, max = Infinity): number {
  return Math.min(max, Math.max(min, value));
}

/** Parses typed text (`,` or `.` as decimal mark); `null` for empty or not a number. */
export function parseNumber(text: string): number | null {
  const normalised = text.trim().replace(',', '.');
  if (normalised === '' || normalised === '-') return null;
  const parsed = Number(normalised);
  return Number.isFinite(parsed) ? parsed : null;
}

type NativeInputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'value' | 'defaultValue' | 'onChange' | 'min' | 'max' | 'step' | 'type'
>;

export interface NumberInputProps extends NativeInputProps {
  value: number | null;
  /** Called with the committed value, already clamped to the bounds. */
  onChange: (value: number | null) => void;
  min?: number;
  max?: number;
  step?: number;
}

/**
 * A spin button (WAI-ARIA): the typed value is clamped to min and max when it is committed
 * (blur or Enter); ArrowUp/ArrowDown step, PageUp/PageDown step by ten, Home/End jump to the bounds.
 *
 * **Usage.** Do use it for a number people type that may be large or exact (a rider's weight in kg,
 * a budget), with `min` and `max` from the rules. Don't use it for small counts people step through
 * (use Counter for riders and non-riders), and don't use it for numbers that are really codes (a
 * phone number, a postcode, a card).
 */
export function NumberInput({
  value,
  onChange,
  min,
  max,
  step = 1,
  className,
  onBlur,
  onKeyDown,
  ...rest
}: NumberInputProps) {
  const [draft, setDraft] = useState(value === null ? '' : String(value));
  useEffect(() => setDraft(value === null ? '' : String(value)), [value]);

  const commit = (next: number | null) => {
    const clamped = next === null ? null : clamp(next, min, max);
    setDraft(clamped === null ? '' : String(clamped));
    if (clamped !== value) onChange(clamped);
  };

  const stepBy = (delta: number) => commit((parseNumber(draft) ?? value ?? min ?? 0) + delta);

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    onKeyDown?.(event);
    const actions: Record<string, (() => void) | undefined> = {
      ArrowUp: () => stepBy(step),
      ArrowDown: () => stepBy(-step),
      PageUp: () => stepBy(step * 10),
      PageDown: () => stepBy(-step * 10),
      Home: min === undefined ? undefined : () => commit(min),
      End: max === undefined ? undefined : () => commit(max),
      Enter: () => commit(parseNumber(draft)),
    };
    const action = actions[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  };

  return (
    <input
      {...rest}
      type="text"
      inputMode={min !== undefined && min >= 0 && Number.isInteger(step) ? 'numeric' : 'decimal'}
      role="spinbutton"
      aria-valuenow={value ?? undefined}
      aria-valuemin={min}
      aria-valuemax={max}
      className={['gk-input', 'gk-number-input', className].filter(Boolean).join(' ')}
      value={draft}
      onChange={(event) => setDraft(event.target.value.replace(/[^\d.,-]/g, ''))}
      onBlur={(event) => {
        commit(parseNumber(draft));
        onBlur?.(event);
      }}
      onKeyDown={handleKeyDown}
    />
  );
}
