import '../tokens/tokens.css';
import '../internal/visually-hidden.css';
import './fit-indicator.css';
import { FIT_LABELS, type FitVerdict } from '@gallop/rider-fit';
import type { Ref } from 'react';
import { cx } from '../internal/class-names';
import type { NativeProps } from '../internal/root-props';
import { AlertIcon, CheckIcon, CloseIcon, PlusIcon } from '../internal/icons';

/** The prompt shown instead of a verdict while the traveller has no rider passport. */
export const FIT_INDICATOR_ADD_PASSPORT = 'Add your rider passport to see if this ride fits you';

const ICONS = { fits: CheckIcon, stretch: AlertIcon, 'not-suitable': CloseIcon } as const;

/**
 * Native props, `className`, `style` and `ref` go to the root: the `<p>`, or the `<button>` of
 * the add-passport prompt. In `compact` mode the component's `title` wins.
 */
export interface FitIndicatorProps extends Omit<NativeProps<'p'>, 'ref'> {
  ref?: Ref<HTMLElement>;
  /** The verdict of `matchRider`; `null` when the traveller has no rider passport yet. */
  verdict: FitVerdict | null;
  /** The verdict's reason (`matchRider(...).reason`), shown after the label. */
  reason?: string | null;
  /** With no passport, the prompt becomes a button that calls this. */
  onAddPassport?: () => void;
  /**
   * For tour cards: smaller, the reason wrapped to two lines at most (readable on a phone's card;
   * only a longer one is cut after the second line), the whole text in the title.
   */
  compact?: boolean;
  /** Defaults: FIT_LABELS ('Fits you', 'A stretch', 'Not suitable'). */
  labels?: Partial<Record<FitVerdict, string>>;
  /** Default FIT_INDICATOR_ADD_PASSPORT. */
  addPassportLabel?: string;
}

/**
 * Whether a ride fits the traveller: a coloured icon, the verdict's words and its reason, so
 * colour is never the only signal. Without a passport, a neutral prompt to add one.
 *
 * **Usage.** Do show it wherever a traveller weighs up a ride: `compact` on tour cards, in full on
 * the tour page and beside each date, always with the verdict's `reason`. Don't show the colour or
 * the icon without the words, and don't reword the verdicts page by page (keep FIT_LABELS); with no
 * rider passport pass `verdict={null}` and `onAddPassport` so the prompt leads somewhere.
 */
export function FitIndicator({
  verdict,
  reason,
  onAddPassport,
  compact = false,
  labels,
  addPassportLabel = FIT_INDICATOR_ADD_PASSPORT,
  className,
  ref,
  ...rest
}: FitIndicatorProps) {
  const paragraphRef = ref as Ref<HTMLParagraphElement>;
  const iconSize = compact ? 12 : 14;
  const classes = (modifier: string) =>
    cx('gk-fit', `gk-fit--${modifier}`, compact && 'gk-fit--compact', className);

  if (verdict === null) {
    const content = (
      <>
        <span className="gk-fit__icon">
          <PlusIcon size={iconSize} />
        </span>
        <span className="gk-fit__text">{addPassportLabel}</span>
      </>
    );
    return onAddPassport ? (
      <button
        {...(rest as NativeProps<'button'>)}
        ref={ref as Ref<HTMLButtonElement>}
        type="button"
        className={cx(classes('none'), 'gk-fit--action')}
        title={compact ? addPassportLabel : rest.title}
        onClick={onAddPassport}
      >
        {content}
      </button>
    ) : (
      <p
        {...rest}
        ref={paragraphRef}
        className={classes('none')}
        title={compact ? addPassportLabel : rest.title}
      >
        {content}
      </p>
    );
  }

  const label = labels?.[verdict] ?? FIT_LABELS[verdict];
  const Icon = ICONS[verdict];
  return (
    <p
      {...rest}
      ref={paragraphRef}
      className={classes(verdict)}
      data-verdict={verdict}
      title={compact ? [label, reason].filter(Boolean).join(': ') : rest.title}
    >
      <span className="gk-fit__icon">
        <Icon size={iconSize} />
      </span>
      <span className="gk-fit__text">
        <span className="gk-fit__label">{label}</span>
        {reason && (
          <>
            <span className="gk-visually-hidden">: </span>
            <span className="gk-fit__reason">{reason}</span>
          </>
        )}
      </span>
    </p>
  );
}
