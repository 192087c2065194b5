export { TOAST_DURATION, TOAST_TYPES, ToastProvider, useToast } from './toast';
export type { ToastApi, ToastOptions, ToastProviderProps, ToastType } from './toast';
