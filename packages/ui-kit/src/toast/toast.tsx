import '../tokens/tokens.css';
import './toast.css';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { timerDelay } from '../internal/timers';

/** Default time before a toast closes itself, in ms (docs/product.md, Constants). */
export const TOAST_DURATION = 7000;

export const TOAST_TYPES = ['success', 'error', 'warning', 'info'] as const;
export type ToastType = (typeof TOAST_TYPES)[number];

export interface ToastOptions {
  /** `success`, `error`, `warning` or `info` (default). */
  type?: ToastType;
  /** A bold first line. */
  title?: string;
  /** The text of the toast. */
  message: ReactNode;
  /** Ms before it closes itself; `0` keeps it until closed. Default 7000. */
  duration?: number;
}

interface ToastEntry extends Required<Omit<ToastOptions, 'title'>> {
  id: string;
  title?: string;
}

export interface ToastApi {
  /** Shows a toast and returns its id. */
  show: (options: ToastOptions) => string;
  /** Closes the toast with this id. */
  dismiss: (id: string) => void;
  /** Shows a success toast. */
  success: (message: ReactNode, options?: Omit<ToastOptions, 'message' | 'type'>) => string;
  /** Shows an error toast (announced as an alert). */
  error: (message: ReactNode, options?: Omit<ToastOptions, 'message' | 'type'>) => string;
  /** Shows a warning toast (announced as an alert). */
  warning: (message: ReactNode, options?: Omit<ToastOptions, 'message' | 'type'>) => string;
  /** Shows an info toast. */
  info: (message: ReactNode, options?: Omit<ToastOptions, 'message' | 'type'>) => string;
}

const ToastContext = createContext<ToastApi | null>(null);

/** The toast notifier of the nearest `ToastProvider`. */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast() needs a <ToastProvider> above it.');
  return api;
}

export interface ToastProviderProps {
  /** The app, or the part of it that shows toasts. */
  children?: ReactNode;
  /** Accessible name of the region that holds the toasts. */
  regionLabel?: string;
  /** Accessible name of each toast's close button. */
  closeLabel?: string;
}

let counter = 0;

/**
 * Holds the toasts of the app: render it once near the root; any component under it
 * calls `useToast()` to show one. Toasts stack at the bottom, close themselves after 7000 ms
 * (`TOAST_DURATION`, or `duration`; `0` keeps one), and are announced to screen readers: success
 * and info politely, error and warning as alerts.
 *
 * **Usage.** Do use a toast for the outcome of an action the user just took (Saved, Payment
 * failed) in one short sentence. Don't put a toast's only copy of important information or an
 * action that must be taken in it (use a Modal or the page), and don't show several at once for
 * one action.
 */
export function ToastProvider({
  children,
  regionLabel = 'Notifications',
  closeLabel = 'Close',
}: ToastProviderProps) {
  const [toasts, setToasts] = useState<ToastEntry[]>([]);

  const dismiss = useCallback((id: string) => {
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);

  const api = useMemo<ToastApi>(() => {
    const show = ({ type = 'info', duration = TOAST_DURATION, ...rest }: ToastOptions) => {
      counter += 1;
      const id = `gk-toast-${counter}`;
      setToasts((current) => [...current, { id, type, duration, ...rest }]);
      return id;
    };
    const typed =
      (type: ToastType) => (message: ReactNode, options?: Omit<ToastOptions, 'message' | 'type'>) =>
        show({ ...options, message, type });
    return {
      show,
      dismiss,
      success: typed('success'),
      error: typed('error'),
      warning: typed('warning'),
      info: typed('info'),
    };
  }, [dismiss]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      <section className="gk-toast-region" aria-label={regionLabel}>
        <div className="gk-toast-region__list">
          {toasts.map((toast) => (
            <Toast key={toast.id} toast={toast} onClose={dismiss} closeLabel={closeLabel} />
          ))}
        </div>
      </section>
    </ToastContext.Provider>
  );
}

const icons: Record<ToastType, string> = {
  success: 'M5 12.5l4.5 4.5L19 7.5',
  error: 'M7 7l10 10M17 7L7 17',
  warning: 'M12 7v6m0 4v.5',
  info: 'M12 11v6m0-10v.5',
};

function Toast({
  toast,
  onClose,
  closeLabel,
}: {
  toast: ToastEntry;
  onClose: (id: string) => void;
  closeLabel: string;
}) {
  const [paused, setPaused] = useState(false);

  // Closes itself after `duration`; hovering or focusing it pauses the timer (WCAG 2.2.1).
  useEffect(() => {
    if (toast.duration <= 0 || paused) return undefined;
    // A month-long (or Infinity) duration must not overflow the timer and close it at once.
    const timer = setTimeout(() => onClose(toast.id), timerDelay(toast.duration));
    return () => clearTimeout(timer);
  }, [toast.id, toast.duration, paused, onClose]);

  const urgent = toast.type === 'error' || toast.type === 'warning';
  return (
    <div
      className={`gk-toast gk-toast--${toast.type}`}
      role={urgent ? 'alert' : 'status'}
      data-type={toast.type}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <span className="gk-toast__icon" aria-hidden="true">
        <svg viewBox="0 0 24 24" width="18" height="18">
          <path
            d={icons[toast.type]}
            fill="none"
            stroke="currentColor"
            strokeWidth="2.4"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </span>
      <div className="gk-toast__content">
        {toast.title && <p className="gk-toast__title">{toast.title}</p>}
        <div className="gk-toast__message">{toast.message}</div>
      </div>
      <button
        type="button"
        className="gk-toast__close"
        aria-label={closeLabel}
        onClick={() => onClose(toast.id)}
      >
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
          <path
            d="M7 7l10 10M17 7L7 17"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          />
        </svg>
      </button>
    </div>
  );
}
