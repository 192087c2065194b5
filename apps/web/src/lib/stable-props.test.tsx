import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sameJson, useStableCallback, useStableValue } from './stable-props';

describe('useStableValue', () => {
  function Probe({ value, seen }: { value: { sort: string }; seen: unknown[] }) {
    seen.push(useStableValue(value, sameJson));
    return null;
  }

  it('keeps the first object while equal values follow, and takes a different one', () => {
    const seen: unknown[] = [];
    const first = { sort: 'price' };
    const { rerender } = render(<Probe value={first} seen={seen} />);
    rerender(<Probe value={{ sort: 'price' }} seen={seen} />);
    expect(seen.at(-1)).toBe(first);
    const next = { sort: '-price' };
    rerender(<Probe value={next} seen={seen} />);
    expect(seen.at(-1)).toBe(next);
    rerender(<Probe value={{ sort: '-price' }} seen={seen} />);
    expect(seen.at(-1)).toBe(next);
  });
});

describe('useStableCallback', () => {
  function Probe({ word, seen }: { word: string; seen: Array<() => string> }) {
    seen.push(useStableCallback(() => word));
    return null;
  }

  it('keeps its identity and calls the latest function', () => {
    const seen: Array<() => string> = [];
    const { rerender } = render(<Probe word="first" seen={seen} />);
    rerender(<Probe word="second" seen={seen} />);
    expect(seen[1]).toBe(seen[0]);
    expect(seen[0]!()).toBe('second');
  });
});

describe('sameJson', () => {
  it('compares by value', () => {
    expect(sameJson({ countries: [1, 2] }, { countries: [1, 2] })).toBe(true);
    expect(sameJson({ countries: [1, 2] }, { countries: [2, 1] })).toBe(false);
  });
});
