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
import { useOverlayPosition } from 'react-aria/useOverlayPosition';
import { cx } from '../internal/class-names';
import { composeHandlers, mergeStyle, type NativeProps } from '../internal/root-props';
import { DROPDOWN_CLOSE_DELAY, DROPDOWN_OFFSET } from './constants';
import { ChevronDownIcon } from '../internal/icons';
import { timerDelay } from '../internal/timers';

/** The panel's tallest, in px (as `.gk-dropdown__panel` in dropdown.css). */
const PANEL_MAX_HEIGHT = 420;

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

  const end = align === 'end' || flipped;
  // React Aria picks the panel's side: below the trigger, or above it when it does not fit below
  // and there is more room above, `offset` px away either way; it follows resizes and closes the
  // panel when the page scrolls (not when the panel itself scrolls).
  const { overlayProps, placement } = useOverlayPosition({
    targetRef: triggerRef,
    overlayRef: panelRef,
    placement: 'bottom',
    offset,
    // The stylesheet's cap; React Aria lowers it to the room left on the chosen side.
    maxHeight: PANEL_MAX_HEIGHT,
    isOpen,
    onClose: close,
  });
  const side = placement === 'top' ? 'top' : 'bottom';

  // Lines the panel up with the trigger's end when, lined up with its start, it would overflow
  // the viewport on the right.
  useLayoutEffect(() => {
    if (!isOpen) {
      setFlipped(false);
      return;
    }
    const panel = panelRef.current;
    const trigger = triggerRef.current;
    if (align !== 'start' || !panel || !trigger) return;
    const left = trigger.getBoundingClientRect().left;
    setFlipped(left + panel.offsetWidth > document.documentElement.clientWidth);
  }, [isOpen, align]);

  useEffect(() => () => clearTimeout(closeTimer.current), []);

  // Outside clicks while open (after `closeDelay`).
  useEffect(() => {
    if (!isOpen) return undefined;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) closeLater();
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [isOpen, closeLater, rootRef]);

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
          style={verticalPosition(overlayProps.style)}
          data-side={side}
          onMouseEnter={cancelClose}
        >
          {typeof children === 'function' ? children(close) : children}
        </div>
      )}
    </div>
  );
}

/**
 * React Aria's top or bottom for the panel. Its horizontal edge is the stylesheet's (see
 * dropdown.css), its stacking the dropdown layer's, not React Aria's z-index.
 */
function verticalPosition({ top, bottom }: CSSProperties = {}): CSSProperties {
  return { top, bottom };
}
