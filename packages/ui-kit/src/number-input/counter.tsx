import '../tokens/tokens.css';
import './number-input.css';
import { useId } from 'react';
import { NumberInput, clamp } from './number-input';
import { cx } from '../internal/class-names';
import type { NativeProps } from '../internal/root-props';

/** Native props, `className`, `style` and `ref` go to the root `<div>`. */
export interface CounterProps extends NativeProps<'div', 'onChange'> {
  /** Visible label, e.g. 'Adults'. */
  label: string;
  value: number;
  onChange: (value: number) => void;
  min?: number;
  max?: number;
  step?: number;
  decreaseLabel?: string;
  increaseLabel?: string;
  disabled?: boolean;
}

/**
 * A − / + stepper with a typed value in between; every path clamps to the bounds.
 *
 * **Usage.** Do use it for small counts with clear bounds (riders, non-riders, horses to hire),
 * with a visible `label` and `max` taken from the places left. Don't use it for large ranges (use
 * NumberInput), and don't leave people guessing why + stops: say how many places are left next to
 * it.
 */
export function Counter({
  label,
  value,
  onChange,
  min = 0,
  max = Infinity,
  step = 1,
  decreaseLabel = 'Decrease',
  increaseLabel = 'Increase',
  disabled,
  className,
  ...rest
}: CounterProps) {
  const id = useId();
  const set = (next: number) => {
    const clamped = clamp(next, min, max);
    if (clamped !== value) onChange(clamped);
  };
  return (
    <div {...rest} className={cx('gk-counter', className)}>
      <label className="gk-counter__label" htmlFor={id}>
        {label}
      </label>
      <div className="gk-counter__controls">
        <button
          type="button"
          className="gk-counter__button"
          aria-label={`${decreaseLabel} ${label}`}
          aria-controls={id}
          disabled={disabled || value <= min}
          onClick={() => set(value - step)}
        >
          <span aria-hidden="true">−</span>
        </button>
        <NumberInput
          id={id}
          className="gk-counter__input"
          value={value}
          min={min}
          max={Number.isFinite(max) ? max : undefined}
          step={step}
          disabled={disabled}
          // An emptied counter falls back to its minimum.
          onChange={(next) => set(next ?? min)}
        />
        <button
          type="button"
          className="gk-counter__button"
          aria-label={`${increaseLabel} ${label}`}
          aria-controls={id}
          disabled={disabled || value >= max}
          onClick={() => set(value + step)}
        >
          <span aria-hidden="true">+</span>
        </button>
      </div>
    </div>
  );
}
