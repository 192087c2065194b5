export {
  CALLBACK_MODAL_DEFAULT_TEXTS,
  CALLBACK_MODAL_WIDTH,
  CallbackRequestedModal,
  callbackRequestedText,
} from './callback-requested-modal';
export type { CallbackRequestedModalProps } from './callback-requested-modal';
