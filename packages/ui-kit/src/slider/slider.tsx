import '../tokens/tokens.css';
import './slider.css';
import { useEffect, useRef, useState } from 'react';
import {
  Label,
  Slider as AriaSlider,
  SliderOutput,
  SliderThumb,
  SliderTrack,
} from 'react-aria-components';
import { useControlledState } from 'react-stately/useControlledState';
import { cx } from '../internal/class-names';
import { mergeStyle, type AriaNativeProps } from '../internal/root-props';

/** Slider defaults and the click animation (docs/product.md, Constants). */
export const SLIDER_DEFAULTS = { min: 0, max: 100, step: 1 } as const;
export const SLIDER_CLICK_ANIMATION_MS = 200;
/**
 * Keys move a thumb a step per press: the change ends once the presses pause this long (or focus
 * leaves the slider), so holding or tapping an arrow ends it once, not once per step.
 */
export const SLIDER_KEYBOARD_END_DELAY_MS = 500;

export type SliderValue = number | readonly [number, number];

/** Native props, `className`, `style` and `ref` go to the slider's root `<div>`. */
export interface SliderProps<Value extends SliderValue> extends AriaNativeProps<
  'onChange' | 'value'
> {
  label: string;
  /** A number for one thumb, a pair for a range (controlled); pair with `onChange`. */
  value?: Value;
  /** The first value when uncontrolled (`min` if neither is given). */
  defaultValue?: Value;
  onChange?: (value: Value) => void;
  /**
   * Called once the user lets go (e.g. to run a search): on pointer release, or once the key
   * presses pause (`SLIDER_KEYBOARD_END_DELAY_MS`) or focus leaves the slider.
   */
  onChangeEnd?: (value: Value) => void;
  min?: number;
  max?: number;
  step?: number;
  /** Accessible names of the two range thumbs. */
  thumbLabels?: readonly [string, string];
  /** Formats the output and the thumbs' `aria-valuetext`, e.g. `{ style: 'currency', currency: 'EUR' }`. */
  formatOptions?: Intl.NumberFormatOptions;
  disabled?: boolean;
}

/**
 * Single or range slider (react-aria: WAI-ARIA slider with arrows, PageUp/PageDown, Home/End).
 * A click on the track glides the thumb there in 200 ms; dragging follows the pointer.
 *
 * **Usage.** Do use it for a range where the span matters more than the exact number (price per
 * person, hours in the saddle a day), with `formatOptions` for the unit, and run the search in
 * `onChangeEnd`. Don't use it where people need an exact value (use NumberInput), and don't search
 * on every `onChange`.
 */
export function Slider<Value extends SliderValue>({
  label,
  value: controlledValue,
  defaultValue,
  onChange,
  onChangeEnd,
  min = SLIDER_DEFAULTS.min,
  max = SLIDER_DEFAULTS.max,
  step = SLIDER_DEFAULTS.step,
  thumbLabels = ['Minimum', 'Maximum'],
  formatOptions,
  disabled,
  className,
  style,
  ...rest
}: SliderProps<Value>) {
  // `Value` never includes undefined; TypeScript cannot see that through the generic.
  type Defined = Exclude<Value, undefined>;
  const [value, setValue] = useControlledState<Value>(
    controlledValue as Defined | undefined,
    (defaultValue ?? min) as Defined,
    onChange,
  );
  const [gliding, setGliding] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const range = Array.isArray(value);
  // React Aria ends a change on every key press: those ends wait for the presses to pause.
  const byKeyboard = useRef(false);
  const pendingEnd = useRef<{ timer: ReturnType<typeof setTimeout>; value: Value }>(undefined);
  useEffect(() => () => clearTimeout(pendingEnd.current?.timer), []);
  const endNow = (next: Value) => {
    clearTimeout(pendingEnd.current?.timer);
    pendingEnd.current = undefined;
    onChangeEnd?.(next);
  };
  const end = (next: Value) => {
    if (!byKeyboard.current) {
      endNow(next);
      return;
    }
    clearTimeout(pendingEnd.current?.timer);
    pendingEnd.current = {
      value: next,
      timer: setTimeout(() => endNow(next), SLIDER_KEYBOARD_END_DELAY_MS),
    };
  };

  const glide = (target: EventTarget) => {
    if (target instanceof Element && target.closest('.gk-slider__thumb')) return;
    setGliding(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setGliding(false), SLIDER_CLICK_ANIMATION_MS);
  };

  const asValue = (next: number | number[]) =>
    (Array.isArray(next) ? [next[0] ?? min, next[1] ?? max] : next) as unknown as Value;

  return (
    <AriaSlider
      {...rest}
      className={cx('gk-slider', gliding && 'gk-slider--gliding', className)}
      style={mergeStyle(style, {
        ['--gk-slider-glide' as string]: `${SLIDER_CLICK_ANIMATION_MS}ms`,
      })}
      value={(range ? [...(value as readonly number[])] : value) as number | number[]}
      // A zero-width track (hidden, or not laid out yet) yields NaN positions: ignore them.
      onChange={(next) => [next].flat().every(Number.isFinite) && setValue(asValue(next))}
      onChangeEnd={(next) => end(asValue(next))}
      minValue={min}
      maxValue={max}
      step={step}
      isDisabled={disabled}
      formatOptions={formatOptions}
    >
      <div className="gk-slider__header">
        <Label className="gk-slider__label">{label}</Label>
        <SliderOutput className="gk-slider__output">
          {({ state }) =>
            state.values.map((_, index) => state.getThumbValueLabel(index)).join(' – ')
          }
        </SliderOutput>
      </div>
      <div
        className="gk-slider__track-wrap"
        onPointerDownCapture={(event) => {
          byKeyboard.current = false;
          glide(event.target);
        }}
        onKeyDownCapture={() => {
          byKeyboard.current = true;
        }}
        onBlurCapture={(event) => {
          // Focus leaving the slider (not moving to its other thumb) ends a keyboard change.
          const pending = pendingEnd.current;
          if (pending && !event.currentTarget.contains(event.relatedTarget as Node | null)) {
            endNow(pending.value);
          }
        }}
      >
        <SliderTrack className="gk-slider__track">
          {({ state }) => {
            const [first = min, second] = state.values;
            const from = range ? state.getValuePercent(first) : 0;
            const to = state.getValuePercent(range ? (second ?? max) : first);
            return (
              <>
                <div
                  className="gk-slider__fill"
                  style={{ left: `${from * 100}%`, width: `${(to - from) * 100}%` }}
                />
                {state.values.map((_, index) => (
                  <SliderThumb
                    key={index}
                    index={index}
                    aria-label={range ? thumbLabels[index] : undefined}
                    className="gk-slider__thumb"
                    style={{ left: `${state.getThumbPercent(index) * 100}%` }}
                  />
                ))}
              </>
            );
          }}
        </SliderTrack>
      </div>
    </AriaSlider>
  );
}
