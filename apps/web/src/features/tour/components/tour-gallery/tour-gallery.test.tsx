import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TourHero } from './tour-gallery';

const images = Array.from({ length: 7 }, (_, index) => ({
  image: `/media/tour-${index + 1}-{{size}}.jpg`,
  alt: `Camp ${index + 1}`,
}));

describe('TourHero', () => {
  it('counts the strip’s photos as the viewer does: the tour’s 7, from the second', () => {
    const onOpen = vi.fn();
    render(<TourHero images={images} name="Altai Trail" onOpen={onOpen} />);
    expect(screen.getAllByRole('button')).toHaveLength(4);
    expect(screen.getByRole('button', { name: 'Open the photos of Altai Trail' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Open photo 2 of 7: Camp 2' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Open photo 3 of 7: Camp 3' })).toBeTruthy();
    // The hero and three previews show 4 of the 7: 3 more.
    expect(
      screen.getByRole('button', { name: 'Open photo 4 of 7: Camp 4. 3 more photos' }),
    ).toBeTruthy();

    // The photo a button names is the one the viewer opens at (index 1 is the viewer's "2 / 7").
    fireEvent.click(screen.getByRole('button', { name: 'Open photo 2 of 7: Camp 2' }));
    expect(onOpen).toHaveBeenLastCalledWith(1);
    fireEvent.click(screen.getByRole('button', { name: /^Open photo 4 of 7: Camp 4/ }));
    expect(onOpen).toHaveBeenLastCalledWith(3);
  });
});
