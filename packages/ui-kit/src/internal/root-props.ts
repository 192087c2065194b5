import type { ComponentPropsWithRef, CSSProperties, FocusEvent, JSX } from 'react';

/**
 * The native props of a component's root element (`id`, `data-*`, `aria-*`, event handlers,
 * `className`, `style`) with React 19's `ref` to it (docs/decisions/123). `Own` names the
 * component's props that replace a native prop of the same name.
 */
export type NativeProps<
  Tag extends keyof JSX.IntrinsicElements,
  Own extends PropertyKey = never,
> = Omit<ComponentPropsWithRef<Tag>, Own>;

/**
 * The native props a react-aria root `<div>` takes: its children are the component's own, and
 * react-aria types focus handlers with a plain `Element`.
 */
export type AriaNativeProps<
  Own extends PropertyKey = never,
  Tag extends keyof JSX.IntrinsicElements = 'div',
> = Omit<
  NativeProps<Tag, Own>,
  'children' | 'dangerouslySetInnerHTML' | 'defaultValue' | 'onFocus' | 'onBlur'
> & {
  onFocus?: (event: FocusEvent<Element>) => void;
  onBlur?: (event: FocusEvent<Element>) => void;
};

/** The caller's `style` under the component's own inline values, which it needs to work. */
export function mergeStyle(style: CSSProperties | undefined, own: CSSProperties): CSSProperties {
  return style ? { ...style, ...own } : own;
}

/** Runs the caller's handler, then the component's unless the caller called preventDefault(). */
export function composeHandlers<Event extends { defaultPrevented: boolean }>(
  theirs: ((event: Event) => void) | undefined,
  ours: (event: Event) => void,
): (event: Event) => void {
  return (event) => {
    theirs?.(event);
    if (!event.defaultPrevented) ours(event);
  };
}
