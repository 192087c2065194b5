import { useFavouriteTour } from '../../lib/favourite-tour';
import './favourite-toggle.css';

/** The name of the labelled heart, written out beside it; it never changes (see below). */
const FAVOURITE_LABEL = 'Save to favourites';

export type FavouriteToggleProps = {
  tourId: number;
  className?: string;
} & (
  | {
      /** A round heart over a card's picture (the default). */
      variant?: 'overlay';
      /** Names the heart: a page of cards has one per tour, each told apart by its tour. */
      tourName: string;
    }
  | {
      /** The heart with its name written out, for the tour page (the tour is the page's). */
      variant: 'labelled';
      tourName?: never;
    }
);

/**
 * The heart that adds a tour to the guest favourites or removes it (cookie `favorite_tours`): a
 * toggle button whose name stays the same and whose state is `aria-pressed` (and the filled
 * heart), so a screen reader says "Save … to favourites, toggle button, pressed" (WCAG 4.1.2).
 * A full list takes no more: the heart stays empty and an alert beside it says why ("You can keep
 * up to 200 favourites. Remove one to add another."), for a few seconds.
 */
export function FavouriteToggle({
  tourId,
  variant = 'overlay',
  tourName,
  className,
}: FavouriteToggleProps) {
  const { isFavourite, toggle, refusal } = useFavouriteTour(tourId);
  const classes = ['favourite-toggle', `favourite-toggle--${variant}`, className]
    .filter(Boolean)
    .join(' ');
  const button = (
    <button
      type="button"
      className={classes}
      aria-pressed={isFavourite}
      // The labelled variant shows its name, so what people read is what they can say.
      aria-label={variant === 'overlay' ? `Save ${tourName} to favourites` : undefined}
      onClick={(event) => {
        // Cards are links as a whole: the heart must not open the tour.
        event.preventDefault();
        event.stopPropagation();
        toggle();
      }}
    >
      <svg
        className="favourite-toggle__icon"
        viewBox="0 0 24 24"
        width="20"
        height="20"
        aria-hidden="true"
        focusable="false"
      >
        <path d="M12 20s-7-4.4-9.2-9A5 5 0 0 1 12 5.6 5 5 0 0 1 21.2 11C19 15.6 12 20 12 20Z" />
      </svg>
      {variant === 'labelled' && <span className="favourite-toggle__label">{FAVOURITE_LABEL}</span>}
    </button>
  );
  if (!refusal) return button;
  return (
    <>
      {button}
      {/* A new key for each refusal: an alert put in again is announced again. */}
      <p
        key={refusal.key}
        role="alert"
        className={`favourite-toggle__refusal favourite-toggle__refusal--${variant}`}
      >
        {refusal.text}
      </p>
    </>
  );
}
