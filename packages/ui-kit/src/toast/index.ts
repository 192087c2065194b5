export { TOAST_DURATION, TOAST_TYPES, ToastProvider, useToast } from './toast';
export type { ToastApi, ToastOptions, ToastProviderProps, ToastType } from './toast';
export { MAX_TIMER_DELAY, timerDelay } from '../internal/timers';
