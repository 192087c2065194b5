import '../tokens/tokens.css';
import './dropdown.css';
import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type ReactNode,
} from 'react';
import { useObjectRef } from 'react-aria/useObjectRef';
import { cx } from '../internal/class-names';
import { composeHandlers, mergeStyle, type NativeProps } from '../internal/root-props';
import { throttle } from '../internal/throttle';
import { DROPDOWN_CLOSE_DELAY, DROPDOWN_OFFSET, DROPDOWN_THROTTLE } from './constants';
import { ChevronDownIcon } from '../internal/icons';
import { dropdownSide, type DropdownSide } from './placement';
import { timerDelay } from '../internal/timers';

/**
 * Native props, `className`, `style` and `ref` go to the root `<div>` around the trigger and the
 * panel; the caller's mouse and key handlers run before the dropdown's own.
 */
export interface DropdownProps extends NativeProps<'div', 'children'> {
  /** Content of the trigger button. */
  label: ReactNode;
  /** Panel content; a function receives `close`. */
  children: ReactNode | ((close: () => void) => ReactNode);
  /** Open state (controlled); pair with `onOpenChange`. */
  isOpen?: boolean;
  /** Open on first render (uncontrolled). */
  defaultOpen?: boolean;
  /** Called when the panel opens or closes. */
  onOpenChange?: (open: boolean) => void;
  /** Wait before closing on pointer leave or an outside click: `true` = 300 ms, or a number. */
  closeDelay?: boolean | number;
  /** Also opens while the pointer rests on the trigger (keyboard and click still work). */
  openOnHover?: boolean;
  /** Vertical gap in px between trigger and panel; 12 by default, 8 for selects. */
  offset?: number;
  /**
   * Which edge of the trigger the panel lines up with; flips to `end` near the right edge. The
   * panel opens below the trigger, or above it when there is no room below (same offset).
   */
  align?: 'start' | 'end';
  /** Accessible name of the panel (it gets `role="group"`). */
  panelLabel?: string;
  /** Extra class on the trigger button. */
  triggerClassName?: string;
}

/**
 * A button that opens a panel under it (or above it when there is no room
 * below), for menus, filters and small forms. Closes on an outside click, Escape and scroll, after
 * `closeDelay` (300 ms with `true`).
 *
 * **Usage.** Do give the trigger a label that says what the panel holds and the panel a
 * `panelLabel`; do pass a function as children to close the panel after a choice. Don't put a
 * whole form or page in it (use a Sheet on phones or a Modal), and don't rely on `openOnHover`
 * alone: touch and keyboard users click.
 */
export function Dropdown({
  label,
  children,
  isOpen: controlledOpen,
  defaultOpen = false,
  onOpenChange,
  closeDelay = false,
  openOnHover = false,
  offset = DROPDOWN_OFFSET,
  align = 'start',
  panelLabel,
  className,
  triggerClassName,
  ref,
  style,
  onMouseEnter,
  onMouseLeave,
  onKeyDown,
  ...rest
}: DropdownProps) {
  const [uncontrolledOpen, setUncontrolledOpen] = useState(defaultOpen);
  const isOpen = controlledOpen ?? uncontrolledOpen;
  const [flipped, setFlipped] = useState(false);
  const [side, setSide] = useState<DropdownSide>('bottom');
  const rootRef = useObjectRef(ref);
  const panelRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const panelId = useId();
  const delay = closeDelay === true ? DROPDOWN_CLOSE_DELAY : closeDelay || 0;

  const setOpen = useCallback(
    (open: boolean) => {
      clearTimeout(closeTimer.current);
      if (controlledOpen === undefined) setUncontrolledOpen(open);
      onOpenChange?.(open);
    },
    [controlledOpen, onOpenChange],
  );

  const close = useCallback(() => setOpen(false), [setOpen]);

  const closeLater = useCallback(() => {
    clearTimeout(closeTimer.current);
    if (delay <= 0) {
      close();
      return;
    }
    closeTimer.current = setTimeout(close, timerDelay(delay));
  }, [close, delay]);

  const cancelClose = () => clearTimeout(closeTimer.current);

  // Keeps the panel on screen: lines it up with the trigger's end when it would overflow on the
  // right, and opens it upward when it does not fit below.
  const place = useCallback(() => {
    const panel = panelRef.current;
    const trigger = triggerRef.current;
    if (!panel || !trigger) return;
    if (align === 'start') setFlipped(panel.getBoundingClientRect().right > window.innerWidth);
    const triggerBox = trigger.getBoundingClientRect();
    setSide(
      dropdownSide({
        triggerTop: triggerBox.top,
        triggerBottom: triggerBox.bottom,
        // offsetHeight ignores the opening animation's transform.
        panelHeight: panel.offsetHeight,
        offset,
        viewportHeight: window.innerHeight,
      }),
    );
  }, [align, offset]);

  useEffect(() => () => clearTimeout(closeTimer.current), []);

  // Outside clicks, page scroll and resize while open.
  useEffect(() => {
    if (!isOpen) return undefined;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) closeLater();
    };
    const closeThrottled = throttle(close, DROPDOWN_THROTTLE);
    const onScroll = (event: Event) => {
      // Scrolling inside the panel (a long list) keeps it open.
      if (!panelRef.current?.contains(event.target as Node)) closeThrottled();
    };
    const onResize = throttle(place, DROPDOWN_THROTTLE);
    document.addEventListener('pointerdown', onPointerDown);
    window.addEventListener('scroll', onScroll, { capture: true, passive: true });
    window.addEventListener('resize', onResize);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      window.removeEventListener('scroll', onScroll, { capture: true });
      window.removeEventListener('resize', onResize);
      closeThrottled.cancel();
      onResize.cancel();
    };
  }, [isOpen, close, closeLater, place, rootRef]);

  useLayoutEffect(() => {
    if (!isOpen) {
      setFlipped(false);
      setSide('bottom');
      return;
    }
    place();
  }, [isOpen, place]);

  const end = align === 'end' || flipped;

  return (
    <div
      {...rest}
      ref={rootRef}
      className={cx('gk-dropdown', className)}
      style={mergeStyle(style, { '--gk-dropdown-offset': `${offset}px` } as CSSProperties)}
      onMouseEnter={
        openOnHover
          ? composeHandlers(onMouseEnter, () => {
              cancelClose();
              if (!isOpen) setOpen(true);
            })
          : onMouseEnter
      }
      onMouseLeave={openOnHover ? composeHandlers(onMouseLeave, closeLater) : onMouseLeave}
      onKeyDown={composeHandlers(onKeyDown, (event) => {
        if (event.key === 'Escape' && isOpen) {
          event.stopPropagation();
          close();
          triggerRef.current?.focus();
        }
      })}
    >
      <button
        ref={triggerRef}
        type="button"
        className={cx('gk-dropdown__trigger', triggerClassName)}
        aria-expanded={isOpen}
        aria-controls={isOpen ? panelId : undefined}
        onClick={() => setOpen(!isOpen)}
      >
        {label}
        <ChevronDownIcon className="gk-dropdown__chevron" size={16} />
      </button>
      {isOpen && (
        <div
          ref={panelRef}
          id={panelId}
          role="group"
          aria-label={panelLabel}
          className={cx(
            'gk-dropdown__panel',
            end && 'gk-dropdown__panel--end',
            side === 'top' && 'gk-dropdown__panel--top',
          )}
          data-side={side}
          onMouseEnter={cancelClose}
        >
          {typeof children === 'function' ? children(close) : children}
        </div>
      )}
    </div>
  );
}
