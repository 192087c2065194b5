import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Carousel } from './carousel';

const slides = ['One', 'Two', 'Three'].map((text) => <p key={text}>{text}</p>);

describe('Carousel', () => {
  it('is a labelled carousel region with Previous/Next disabled at the ends', async () => {
    const onIndexChange = vi.fn();
    render(
      <Carousel label="Tour photos" onIndexChange={onIndexChange}>
        {slides}
      </Carousel>,
    );
    expect(screen.getByRole('region', { name: 'Tour photos' })).toHaveAttribute(
      'aria-roledescription',
      'carousel',
    );
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onIndexChange.mock.calls).toEqual([[1], [2]]);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.getByRole('group', { name: '3 / 3' })).toBeInTheDocument();
  });

  it('moves on a quick horizontal swipe, not on a vertical drag', () => {
    const onIndexChange = vi.fn();
    render(
      <Carousel label="Tour photos" onIndexChange={onIndexChange}>
        {slides}
      </Carousel>,
    );
    const viewport = screen.getByTestId('carousel-viewport');
    const swipe = (dx: number, dy: number) => {
      fireEvent.pointerDown(viewport, { pointerId: 1, clientX: 200, clientY: 100, timeStamp: 0 });
      fireEvent.pointerMove(viewport, { pointerId: 1, clientX: 200 + dx, clientY: 100 + dy });
      fireEvent.pointerUp(viewport, { pointerId: 1, clientX: 200 + dx, clientY: 100 + dy });
    };
    swipe(-10, 40);
    expect(onIndexChange).not.toHaveBeenCalled();
    swipe(-40, 5);
    expect(onIndexChange).toHaveBeenCalledWith(1);
  });
});
