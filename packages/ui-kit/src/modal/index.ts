export { MODAL_FLASH_DURATION, MODAL_TRANSITION, Modal } from './modal';
export type { ModalProps } from './modal';
export { MODAL_WIDTH, ModalWidthProvider } from './modal-width';
