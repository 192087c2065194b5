import '../tokens/tokens.css';
import './collapse.css';
import { useRef, type CSSProperties, type ReactNode } from 'react';
import { useDisclosure } from 'react-aria/useDisclosure';
import { useDisclosureState } from 'react-stately/useDisclosureState';
import { cx } from '../internal/class-names';
import { ChevronDownIcon } from '../internal/icons';
import { mergeStyle, type NativeProps } from '../internal/root-props';

/** Open and close transition in ms (docs/product.md, Constants). */
export const COLLAPSE_DURATION = 200;

/** Native props, `className`, `style` and `ref` go to the root `<div>`. */
export interface CollapseProps extends NativeProps<'div', 'title'> {
  /** The heading button's text. */
  title: ReactNode;
  children: ReactNode;
  isOpen?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Heading level of the trigger (WAI-ARIA accordion pattern); default 3. */
  headingLevel?: 2 | 3 | 4 | 5 | 6;
  duration?: number;
}

/**
 * A disclosure: a heading with a button (`aria-expanded`) that shows or hides a region. React
 * Aria's `useDisclosure` animates the height it measures and, once the transition ends, hides the
 * closed content from assistive tech and the tab order with `hidden="until-found"`, so the
 * browser's find in page still finds it and opens the region.
 *
 * **Usage.** Do use it for detail a traveller may skip (the day-by-day programme, what to pack,
 * questions and answers), with a `title` that says what is inside and a `headingLevel` that fits
 * the page. Don't hide what people decide on (price, dates, rider level, cancellation terms) in a
 * closed Collapse, and don't nest one inside another.
 */
export function Collapse({
  title,
  children,
  isOpen: controlledOpen,
  defaultOpen = false,
  onOpenChange,
  headingLevel = 3,
  duration = COLLAPSE_DURATION,
  className,
  style,
  ...rest
}: CollapseProps) {
  const state = useDisclosureState({
    isExpanded: controlledOpen,
    defaultExpanded: defaultOpen,
    onExpandedChange: onOpenChange,
  });
  const panelRef = useRef<HTMLDivElement>(null);
  const { buttonProps, panelProps } = useDisclosure({}, state, panelRef);
  const isOpen = state.isExpanded;
  const Heading = `h${headingLevel}` as const;

  return (
    <div
      {...rest}
      className={cx('gk-collapse', isOpen && 'gk-collapse--open', className)}
      style={mergeStyle(style, { '--gk-collapse-duration': `${duration}ms` } as CSSProperties)}
    >
      <Heading className="gk-collapse__heading">
        {/* React Aria's press events are for its useButton; a native click covers mouse, touch,
            Enter and Space on a <button>. */}
        <button
          type="button"
          id={buttonProps.id}
          className="gk-collapse__trigger"
          aria-expanded={isOpen}
          aria-controls={buttonProps['aria-controls']}
          onClick={state.toggle}
        >
          <span>{title}</span>
          <ChevronDownIcon className="gk-collapse__icon" size={18} />
        </button>
      </Heading>
      <div {...panelProps} ref={panelRef} role="region" className="gk-collapse__panel">
        <div className="gk-collapse__inner">
          <div className="gk-collapse__content">{children}</div>
        </div>
      </div>
    </div>
  );
}
