import { LocaleProvider, Slider } from '@gallop/ui-kit';
import { useEffect, useState } from 'react';

export interface RangeBounds {
  /** The filter's lower bound; undefined when it restricts nothing. */
  min: number | undefined;
  max: number | undefined;
}

/**
 * The slider's pair for a filter range: an unset bound sits at the slider's end. A value beyond
 * the slider (a shared link with a larger maximum) is clamped for display only.
 */
export function sliderPair(bounds: RangeBounds, floor: number, ceiling: number): [number, number] {
  const clampValue = (value: number) => Math.min(ceiling, Math.max(floor, value));
  return [clampValue(bounds.min ?? floor), clampValue(bounds.max ?? ceiling)];
}

/** The filter range for a slider pair: a thumb at the slider's end means "no bound". */
export function pairToBounds(
  [low, high]: readonly [number, number],
  floor: number,
  ceiling: number,
): RangeBounds {
  return { min: low > floor ? low : undefined, max: high < ceiling ? high : undefined };
}

export interface RangeFilterProps {
  label: string;
  bounds: RangeBounds;
  floor: number;
  ceiling: number;
  step: number;
  thumbLabels: readonly [string, string];
  formatOptions?: Intl.NumberFormatOptions;
  /** The locale `formatOptions` format in (the page's when not given). */
  formatLocale?: string;
  onCommit: (bounds: RangeBounds) => void;
}

/** A range slider that follows the pointer and searches when it is let go. */
export function RangeFilter({
  label,
  bounds,
  floor,
  ceiling,
  step,
  thumbLabels,
  formatOptions,
  formatLocale,
  onCommit,
}: RangeFilterProps) {
  const committed = sliderPair(bounds, floor, ceiling);
  const [value, setValue] = useState<readonly [number, number]>(committed);
  // A new search (back button, 'Clear') moves the thumbs to the filters' values.
  const [committedLow, committedHigh] = committed;
  useEffect(() => setValue([committedLow, committedHigh]), [committedLow, committedHigh]);
  const slider = (
    <Slider
      label={label}
      value={value}
      min={floor}
      max={ceiling}
      step={step}
      thumbLabels={thumbLabels}
      formatOptions={formatOptions}
      onChange={setValue}
      onChangeEnd={(next) => onCommit(pairToBounds(next, floor, ceiling))}
    />
  );
  return formatLocale ? <LocaleProvider locale={formatLocale}>{slider}</LocaleProvider> : slider;
}
