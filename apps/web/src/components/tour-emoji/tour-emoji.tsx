import type { components } from '@gallop/api-client';
import './tour-emoji.css';

export type TourEmojiName = components['schemas']['TourEmoji'];

/** Each of the contract's tour emoji choices: the character, and what a screen reader says. */
export const TOUR_EMOJI: Readonly<Record<TourEmojiName, { char: string; label: string }>> = {
  horse: { char: '🐎', label: 'Horse' },
  unicorn: { char: '🦄', label: 'Unicorn' },
  carousel_horse: { char: '🎠', label: 'Carousel horse' },
  hearts: { char: '💕', label: 'Hearts' },
  stars: { char: '✨', label: 'Stars' },
  map: { char: '🗺️', label: 'Map' },
  globe: { char: '🌍', label: 'Globe' },
  plane: { char: '✈️', label: 'Plane' },
  luggage: { char: '🧳', label: 'Luggage' },
  checkmark: { char: '✅', label: 'Checkmark' },
  red_circle: { char: '🔴', label: 'Red circle' },
  orange_circle: { char: '🟠', label: 'Orange circle' },
  yellow_circle: { char: '🟡', label: 'Yellow circle' },
  green_circle: { char: '🟢', label: 'Green circle' },
  blue_circle: { char: '🔵', label: 'Blue circle' },
  purple_circle: { char: '🟣', label: 'Purple circle' },
};

export interface TourEmojiProps {
  /** The tour's emoji; nothing is drawn without one (or for a name this build does not know). */
  emoji: TourEmojiName | null | undefined;
  className?: string;
}

/** The emoji an organizer pinned to a tour, on its card and its page. */
export function TourEmoji({ emoji, className }: TourEmojiProps) {
  const shown = emoji ? TOUR_EMOJI[emoji] : undefined;
  if (!shown) return null;
  return (
    <span
      className={`tour-emoji${className ? ` ${className}` : ''}`}
      role="img"
      aria-label={shown.label}
      title={shown.label}
    >
      {shown.char}
    </span>
  );
}
