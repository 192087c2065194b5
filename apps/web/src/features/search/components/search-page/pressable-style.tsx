import { useEffect, useRef } from 'react';

/** react-aria's own (react-aria/dist/private/interactions/usePress.mjs). */
const PRESSABLE_STYLE_ID = 'react-aria-pressable-style';
const PRESSABLE_STYLE = `@layer {
  [data-react-aria-pressable] {
    touch-action: pan-x pan-y pinch-zoom;
  }
}`;

/**
 * react-aria's style for pressable controls, sent with the page: react-aria adds it to the head
 * when its first pressable control mounts unless the page has it, and a stylesheet added after the
 * first paint recalculates the style of the whole page (30–75 ms at Lighthouse's 4× CPU slowdown,
 * in the long task of the sort select hydrating; e2e/search.spec.ts checks that none is added).
 * Leaving the page hands it to the head, for react-aria controls still mounted.
 */
export function PressableStyle() {
  const ref = useRef<HTMLStyleElement>(null);
  useEffect(() => {
    const style = ref.current;
    return () => {
      if (style && !document.getElementById(PRESSABLE_STYLE_ID)) document.head.prepend(style);
    };
  }, []);
  return (
    <style ref={ref} id={PRESSABLE_STYLE_ID}>
      {PRESSABLE_STYLE}
    </style>
  );
}
