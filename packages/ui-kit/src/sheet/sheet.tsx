import '../tokens/tokens.css';
import './sheet.css';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import {
  Button as AriaButton,
  Dialog,
  Heading,
  Modal as AriaModal,
  ModalOverlay,
} from 'react-aria-components';
import { cx } from '../internal/class-names';
import type { AriaNativeProps } from '../internal/root-props';
import { throttle } from '../internal/throttle';
import { CloseIcon } from '../internal/icons';

/** Throttle of the sheet's scroll watching, in ms (docs/product.md, Constants). */
export const SHEET_SCROLL_THROTTLE = 500;

/**
 * Native props, `className`, `style` and `ref` go to the dialog panel: the `<section
 * role="dialog">` inside the sliding sheet.
 */
export interface SheetProps extends AriaNativeProps<'title' | 'role', 'section'> {
  isOpen: boolean;
  onClose: () => void;
  title: ReactNode;
  children?: ReactNode;
  /** Sticky footer, e.g. 'Apply' for filters. */
  footer?: ReactNode;
  closeLabel?: string;
}

/**
 * A bottom sheet for phones (a modal dialog sliding up from the bottom): Escape, the close
 * button and a tap on the backdrop close it. While its content is scrolled, the header gets a
 * divider; the scroll watching is throttled to 500 ms. `className`, `style`, `ref` and native
 * props reach the dialog panel (`<section role="dialog">`).
 *
 * **Usage.** Do use it on phones for filters, a date choice or a short form, with a `title` and the
 * action that applies it (Apply, Show 24 tours) in `footer`. Don't use it on wide screens (use a
 * Modal or a Dropdown) or for a whole page of content, and don't open a Sheet over a Modal.
 */
export function Sheet({
  isOpen,
  onClose,
  title,
  children,
  footer,
  closeLabel = 'Close',
  className,
  ...rest
}: SheetProps) {
  const [scrolled, setScrolled] = useState(false);
  const onScroll = useMemo(
    () =>
      throttle((target: HTMLElement) => setScrolled(target.scrollTop > 0), SHEET_SCROLL_THROTTLE),
    [],
  );
  useEffect(() => () => onScroll.cancel(), [onScroll]);

  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      isDismissable
      className="gk-sheet-overlay"
    >
      <AriaModal className="gk-sheet">
        <Dialog {...rest} className={cx('gk-sheet__dialog', className)}>
          <div className="gk-sheet__grip" aria-hidden="true" />
          <header className={`gk-sheet__header${scrolled ? ' gk-sheet__header--scrolled' : ''}`}>
            <Heading slot="title" className="gk-sheet__title">
              {title}
            </Heading>
            <AriaButton slot="close" className="gk-sheet__close" aria-label={closeLabel}>
              <CloseIcon />
            </AriaButton>
          </header>
          <div className="gk-sheet__body" onScroll={(event) => onScroll(event.currentTarget)}>
            {children}
          </div>
          {footer !== undefined && <footer className="gk-sheet__footer">{footer}</footer>}
        </Dialog>
      </AriaModal>
    </ModalOverlay>
  );
}
