import { useCallback, useLayoutEffect, useRef, useState } from 'react';

/**
 * The value of the first render for as long as later values are `isEqual` to it: a part that
 * hydrates later (`lazyComponent`) must not receive new props before its code arrives, or React
 * renders it afresh and drops the server's HTML (decision 041).
 */
export function useStableValue<T>(value: T, isEqual: (a: T, b: T) => boolean): T {
  const [stable, setStable] = useState(value);
  if (stable !== value && !isEqual(stable, value)) {
    // Storing information from an earlier render: React renders again at once with the new value.
    setStable(value);
    return value;
  }
  return stable;
}

/** Equality of JSON-like values (filters: strings, numbers, booleans, arrays, plain objects). */
export function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * A function whose identity never changes and that calls the latest `callback` (an event
 * handler passed to a memoised part; React's `useEffectEvent` is for effects only).
 */
export function useStableCallback<Args extends unknown[], Result>(
  callback: (...args: Args) => Result,
): (...args: Args) => Result {
  const latest = useRef(callback);
  useLayoutEffect(() => {
    latest.current = callback;
  });
  return useCallback((...args: Args) => latest.current(...args), []);
}
