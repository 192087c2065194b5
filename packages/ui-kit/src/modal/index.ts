export { MODAL_FLASH_DURATION, MODAL_TRANSITION, MODAL_WIDTH, Modal } from './modal';
export type { ModalProps } from './modal';
