import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TOUR_EMOJI, TourEmoji, type TourEmojiName } from './tour-emoji';

describe('TourEmoji', () => {
  it('draws the chosen emoji with a name a screen reader says', () => {
    render(<TourEmoji emoji="carousel_horse" />);
    expect(screen.getByRole('img', { name: 'Carousel horse' })).toHaveTextContent('🎠');
  });

  it('draws nothing without an emoji, or for one this build does not know', () => {
    const { container } = render(
      <>
        <TourEmoji emoji={null} />
        <TourEmoji emoji={'rocket' as TourEmojiName} />
      </>,
    );
    expect(container).toBeEmptyDOMElement();
  });

  it('has a character and a label for every choice', () => {
    for (const { char, label } of Object.values(TOUR_EMOJI)) {
      expect(char).not.toBe('');
      expect(label).toMatch(/^[A-Z]/);
    }
    expect(Object.keys(TOUR_EMOJI)).toHaveLength(16);
  });
});
