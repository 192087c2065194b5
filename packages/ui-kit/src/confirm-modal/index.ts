export { CONFIRM_MODAL_WIDTH, ConfirmModal } from './confirm-modal';
export type { ConfirmModalProps } from './confirm-modal';
