import { useEffect, useRef, type ReactNode } from 'react';
import { Button } from '../button/button';
import { Modal, type ModalProps } from '../modal/modal';

/** Confirm modal width in px (docs/product.md, Constants). */
export const CONFIRM_MODAL_WIDTH = 420;

/** Native props, `className`, `style` and `ref` go to the dialog panel, as on `Modal`. */
export interface ConfirmModalProps extends Omit<
  ModalProps,
  'onClose' | 'width' | 'role' | 'footer' | 'persistent'
> {
  isOpen: boolean;
  title: ReactNode;
  /** The question or consequence, e.g. 'The request will be cancelled.' */
  children?: ReactNode;
  onConfirm: () => void;
  /** Called on Cancel, Escape, the close button and an overlay click. */
  onCancel: () => void;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Shows a spinner on Confirm while the action runs. */
  loading?: boolean;
  /**
   * Destructive actions use the danger theme, and the dialog opens on Cancel, the safe button, so
   * an Enter pressed at once loses nothing.
   */
  destructive?: boolean;
}

/**
 * A generic confirmation with Confirm and Cancel (docs/product.md, Screens). `className`,
 * `style`, `ref` and native props reach the dialog panel (`<section role="alertdialog">`).
 *
 * **Usage.** Do ask before an action that is hard to undo (cancelling a booking, withdrawing a
 * request), with a `title` that names it and labels that say what each button does (Cancel booking
 * / Keep booking, not OK); set `destructive` when something is lost and `loading` while the action
 * runs. Don't confirm everyday actions that can be undone (saving a favourite), and don't put a
 * form in it (use a Modal).
 */
export function ConfirmModal({
  isOpen,
  title,
  children,
  onConfirm,
  onCancel,
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  loading = false,
  destructive = false,
  ...rest
}: ConfirmModalProps) {
  const confirmRef = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  // Confirm is the expected action, so it takes focus on open; a destructive one opens on Cancel,
  // the least destructive action (WAI-ARIA APG, alert dialog). This effect runs after react-aria's
  // Dialog has focused itself; its focus scope returns focus to the trigger on close.
  useEffect(() => {
    if (isOpen) (destructive ? cancelRef : confirmRef).current?.focus();
  }, [isOpen, destructive]);

  return (
    <Modal
      {...rest}
      isOpen={isOpen}
      onClose={onCancel}
      title={title}
      width={CONFIRM_MODAL_WIDTH}
      role="alertdialog"
      footer={
        <>
          <Button onClick={onCancel} disabled={loading} ref={cancelRef}>
            {cancelLabel}
          </Button>
          <Button
            theme={destructive ? 'danger' : 'primary'}
            onClick={onConfirm}
            loading={loading}
            ref={confirmRef}
          >
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </Modal>
  );
}
