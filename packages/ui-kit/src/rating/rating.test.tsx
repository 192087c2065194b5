import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Rating } from './rating';
import { RATING_LABELS, RatingIndicator } from './rating-indicator';

describe('Rating', () => {
  it('offers five levels named Terrible to Excellent', async () => {
    const onChange = vi.fn();
    render(<Rating label="Your rating" onChange={onChange} />);
    expect(screen.getByRole('radiogroup', { name: 'Your rating' })).toBeInTheDocument();
    expect(screen.getAllByRole('radio').map((radio) => radio.getAttribute('aria-label'))).toEqual([
      ...RATING_LABELS,
    ]);
    expect(RATING_LABELS).toEqual(['Terrible', 'Poor', 'Fair', 'Good', 'Excellent']);
    await userEvent.click(screen.getByRole('radio', { name: 'Good' }));
    expect(onChange).toHaveBeenLastCalledWith(4);
    expect(screen.getByRole('radio', { name: 'Good' })).toBeChecked();
    await userEvent.keyboard('{ArrowRight}');
    expect(onChange).toHaveBeenLastCalledWith(5);
  });

  it('shows a controlled value', () => {
    render(<Rating label="Rating" value={2} />);
    expect(screen.getByRole('radio', { name: 'Poor' })).toBeChecked();
  });

  it('fills as many stars as the value chosen, none before a choice', async () => {
    const { container } = render(<Rating label="Your rating" />);
    const fills = () =>
      [...container.querySelectorAll<HTMLElement>('.gk-star__fill')].map((f) => f.style.width);
    expect(fills()).toEqual(['0%', '0%', '0%', '0%', '0%']);
    await userEvent.click(screen.getByRole('radio', { name: 'Good' }));
    await userEvent.unhover(screen.getByRole('radio', { name: 'Good' }));
    expect(fills()).toEqual(['100%', '100%', '100%', '100%', '0%']);
  });
});

describe('RatingIndicator', () => {
  it('defaults to 4 and names the level', () => {
    render(<RatingIndicator />);
    expect(screen.getByRole('img')).toHaveAccessibleName('Rated 4 out of 5: Good');
  });

  it('fills stars by fraction and clamps to 0..5', () => {
    const { container, rerender } = render(<RatingIndicator value={3.5} showValue />);
    const fills = [...container.querySelectorAll<HTMLElement>('.gk-star__fill')].map(
      (f) => f.style.width,
    );
    expect(fills).toEqual(['100%', '100%', '100%', '50%', '0%']);
    expect(container).toHaveTextContent('3.5');
    rerender(<RatingIndicator value={9} />);
    expect(screen.getByRole('img')).toHaveAccessibleName('Rated 5 out of 5: Excellent');
  });
});
