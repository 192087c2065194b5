import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HorseConditionScore, horseConditionCountText } from './horse-condition';

describe('HorseConditionScore', () => {
  it('shows the average, named stars and how many rated it', () => {
    render(<HorseConditionScore rating={4.25} count={12} />);
    expect(screen.getByText('4.3')).toBeInTheDocument();
    expect(
      screen.getByRole('img', { name: 'Horse condition 4.3 out of 5: Well kept' }),
    ).toBeInTheDocument();
    expect(screen.getByText('from 12 riders')).toBeInTheDocument();
  });

  it('shows nothing without ratings', () => {
    const { container } = render(<HorseConditionScore rating={null} count={0} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('counts one rider in the singular', () => {
    expect(horseConditionCountText(1)).toBe('from 1 rider');
    expect(horseConditionCountText(2)).toBe('from 2 riders');
  });
});
