import '../tokens/tokens.css';
import '../internal/visually-hidden.css';
import './modal.css';
import {
  useCallback,
  useContext,
  useRef,
  useState,
  type CSSProperties,
  type ReactNode,
} from 'react';
import {
  Dialog,
  Heading,
  Modal as AriaModal,
  ModalOverlay,
  Button as AriaButton,
} from 'react-aria-components';
import { cx } from '../internal/class-names';
import { CloseIcon } from '../internal/icons';
import type { AriaNativeProps } from '../internal/root-props';
import { ModalWidthContext } from './modal-width';

/** Open and close transition in ms (docs/product.md, Constants). */
export const MODAL_TRANSITION = 300;
/** How long a persistent modal flashes after an overlay click, in ms. */
export const MODAL_FLASH_DURATION = 300;

/**
 * Native props, `className`, `style` and `ref` go to the dialog panel: the `<section
 * role="dialog">` inside the modal box.
 */
export interface ModalProps extends AriaNativeProps<'title' | 'role', 'section'> {
  /** Whether the modal is open, when the parent owns this state (controlled). */
  isOpen?: boolean;
  /** Open at first, when the modal keeps its state itself (uncontrolled) and closes itself. */
  defaultOpen?: boolean;
  /** Called when the modal asks to close: Escape, the close button, or an overlay click. */
  onClose?: () => void;
  /** The dialog's title; also its accessible name. */
  title: ReactNode;
  /** Hides the title visually but keeps it as the accessible name. */
  hideTitle?: boolean;
  /**
   * Width in px on screens wider than the modal; phones use the full width minus a margin. The
   * default is the `ModalWidthProvider`'s, else 500.
   */
  width?: number;
  /** An overlay click does not close it; the modal flashes instead. Escape still closes. */
  persistent?: boolean;
  /** Buttons under the content, e.g. Confirm and Cancel. */
  footer?: ReactNode;
  /** Accessible name of the close button. */
  closeLabel?: string;
  /** Hides the close button (keep Escape and a footer button as ways out). */
  hideCloseButton?: boolean;
  /** `alertdialog` for a modal that interrupts to ask for a decision. Default `dialog`. */
  role?: 'dialog' | 'alertdialog';
  /** The modal's content. */
  children?: ReactNode;
}

/**
 * A dialog over the page (react-aria): 500 px wide on larger screens (or the
 * `ModalWidthProvider`'s width), full width minus a margin on phones. Escape, the close button and an
 * overlay click call `onClose`; focus stays inside while it is open and returns to the opener.
 * `className`, `style`, `ref` and native props reach the dialog panel (`<section role="dialog">`,
 * inside the box that `width` sizes).
 *
 * **Usage.** Do open it from a user action and give it a short `title` that says what it is
 * about; do put its actions in `footer`. Don't open a modal on page load or on top of another
 * modal, don't use it for a message that needs no answer (use a toast), and don't make it
 * `persistent` unless closing it would lose work (a payment in progress).
 */
export function Modal({
  isOpen,
  defaultOpen,
  onClose,
  title,
  hideTitle = false,
  width,
  persistent = false,
  footer,
  closeLabel = 'Close',
  hideCloseButton = false,
  role = 'dialog',
  className,
  children,
  ...rest
}: ModalProps) {
  const defaultWidth = useContext(ModalWidthContext);
  const [flashing, setFlashing] = useState(false);
  const flashTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const flash = useCallback(() => {
    clearTimeout(flashTimer.current);
    setFlashing(true);
    flashTimer.current = setTimeout(() => setFlashing(false), MODAL_FLASH_DURATION);
  }, []);

  const style = {
    '--gk-modal-width': `${width ?? defaultWidth}px`,
    '--gk-modal-transition': `${MODAL_TRANSITION}ms`,
  } as CSSProperties;

  return (
    <ModalOverlay
      // React Aria holds the state when `isOpen` is undefined (uncontrolled).
      isOpen={isOpen}
      defaultOpen={defaultOpen}
      onOpenChange={(open) => {
        if (!open) onClose?.();
      }}
      // Dismissable so Escape and outside clicks reach us; a persistent modal vetoes the click.
      isDismissable
      shouldCloseOnInteractOutside={() => {
        if (!persistent) return true;
        flash();
        return false;
      }}
      className="gk-modal-overlay"
      style={style}
    >
      <AriaModal className={cx('gk-modal', flashing && 'gk-modal--flash')}>
        <Dialog {...rest} className={cx('gk-modal__dialog', className)} role={role}>
          <header className="gk-modal__header">
            <Heading
              slot="title"
              className={cx('gk-modal__title', hideTitle && 'gk-visually-hidden')}
            >
              {title}
            </Heading>
            {!hideCloseButton && (
              <AriaButton slot="close" className="gk-modal__close" aria-label={closeLabel}>
                <CloseIcon />
              </AriaButton>
            )}
          </header>
          {children !== undefined && <div className="gk-modal__body">{children}</div>}
          {footer !== undefined && <footer className="gk-modal__footer">{footer}</footer>}
        </Dialog>
      </AriaModal>
    </ModalOverlay>
  );
}
