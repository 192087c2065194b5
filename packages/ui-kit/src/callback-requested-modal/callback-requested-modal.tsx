import type { ReactNode } from 'react';
import { Button } from '../button/button';
import { Modal, type ModalProps } from '../modal/modal';

/** Callback modal width in px (docs/product.md, Constants). */
export const CALLBACK_MODAL_WIDTH = 480;

export const CALLBACK_MODAL_DEFAULT_TEXTS = {
  title: 'Callback requested',
  success: 'Callback request successful!',
  phone: (phone: string) => `Our manager will call you back at ${phone} shortly.`,
  close: 'Ok',
};

/** Native props, `className`, `style` and `ref` go to the dialog panel, as on `Modal`. */
export interface CallbackRequestedModalProps extends Omit<
  ModalProps,
  'title' | 'width' | 'footer' | 'children'
> {
  isOpen: boolean;
  onClose: () => void;
  /** Variant 1: the text names the number we will call. */
  phone?: string;
  /** Variant 2: a custom text; wins over `phone`. Without either: 'Callback request successful!'. */
  text?: ReactNode;
  title?: string;
  /** Builds the phone text; override to translate. */
  phoneText?: (phone: string) => string;
  successText?: string;
  closeLabel?: string;
}

/** Which of the spec's three texts to show: custom text, then the phone text, then success. */
export function callbackRequestedText({
  text,
  phone,
  phoneText = CALLBACK_MODAL_DEFAULT_TEXTS.phone,
  successText = CALLBACK_MODAL_DEFAULT_TEXTS.success,
}: Pick<CallbackRequestedModalProps, 'text' | 'phone' | 'phoneText' | 'successText'>): ReactNode {
  if (text !== undefined && text !== null && text !== '') return text;
  if (phone) return phoneText(phone);
  return successText;
}

/**
 * The confirmation after a visitor asks to be called back: a 480 px modal that
 * names the phone number we will call (`phone`), a custom `text`, or a plain success message.
 *
 * **Usage.** Do show it once the callback request has been saved, with the number the visitor
 * typed. Don't show it before the request succeeded, and don't use it for other confirmations
 * (use a toast or a Modal). `className`, `style`, `ref` and native props reach the dialog panel
 * (`<section role="dialog">`).
 */
export function CallbackRequestedModal({
  isOpen,
  onClose,
  title = CALLBACK_MODAL_DEFAULT_TEXTS.title,
  closeLabel = CALLBACK_MODAL_DEFAULT_TEXTS.close,
  text,
  phone,
  phoneText,
  successText,
  ...rest
}: CallbackRequestedModalProps) {
  return (
    <Modal
      {...rest}
      isOpen={isOpen}
      onClose={onClose}
      title={title}
      width={CALLBACK_MODAL_WIDTH}
      footer={
        <Button theme="primary" onClick={onClose}>
          {closeLabel}
        </Button>
      }
    >
      <p>{callbackRequestedText({ text, phone, phoneText, successText })}</p>
    </Modal>
  );
}
