import { useFavouriteTour } from '../../lib/favourite-tour';
import './favourite-toggle.css';

export interface FavouriteToggleProps {
  tourId: number;
  /**
   * `overlay`: a round heart over a card's picture. `labelled`: the heart with its name written
   * out, for the tour page.
   */
  variant?: 'overlay' | 'labelled';
  className?: string;
}

/** The heart that adds a tour to the guest favourites or removes it (cookie `favorite_tours`). */
export function FavouriteToggle({ tourId, variant = 'overlay', className }: FavouriteToggleProps) {
  const { isFavourite, toggle } = useFavouriteTour(tourId);
  const name = isFavourite ? 'Remove from favourites' : 'Add to favourites';
  const classes = ['favourite-toggle', `favourite-toggle--${variant}`, className]
    .filter(Boolean)
    .join(' ');
  return (
    <button
      type="button"
      className={classes}
      aria-pressed={isFavourite}
      // The labelled variant shows its name, so what people read is what they can say.
      aria-label={variant === 'overlay' ? name : undefined}
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
      {variant === 'labelled' && <span className="favourite-toggle__label">{name}</span>}
    </button>
  );
}
