import '../tokens/tokens.css';
import './collapse.css';
import { useId, useState, type CSSProperties, type ReactNode } from 'react';
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
 * A disclosure: a heading with a button (`aria-expanded`) that shows or hides a region.
 * Height animates without measuring (a 0fr -> 1fr grid row); closed content is `hidden` from
 * assistive tech and the tab order once the transition ends.
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
  const [uncontrolledOpen, setUncontrolledOpen] = useState(defaultOpen);
  const isOpen = controlledOpen ?? uncontrolledOpen;
  const id = useId();
  const Heading = `h${headingLevel}` as const;
  const toggle = () => {
    if (controlledOpen === undefined) setUncontrolledOpen(!isOpen);
    onOpenChange?.(!isOpen);
  };

  return (
    <div
      {...rest}
      className={cx('gk-collapse', isOpen && 'gk-collapse--open', className)}
      style={mergeStyle(style, { '--gk-collapse-duration': `${duration}ms` } as CSSProperties)}
    >
      <Heading className="gk-collapse__heading">
        <button
          type="button"
          id={`${id}-trigger`}
          className="gk-collapse__trigger"
          aria-expanded={isOpen}
          aria-controls={`${id}-panel`}
          onClick={toggle}
        >
          <span>{title}</span>
          <ChevronDownIcon className="gk-collapse__icon" size={18} />
        </button>
      </Heading>
      <div
        id={`${id}-panel`}
        role="region"
        aria-labelledby={`${id}-trigger`}
        className="gk-collapse__panel"
        aria-hidden={!isOpen}
        inert={!isOpen}
      >
        <div className="gk-collapse__inner">
          <div className="gk-collapse__content">{children}</div>
        </div>
      </div>
    </div>
  );
}
