import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CancellationPolicy } from './cancellation-policy';

const lines = [
  '30 days or more before the start: 100% of what you paid back',
  '14–29 days before the start: 50% of what you paid back',
  'Less than 14 days before the start: no refund',
];

describe('CancellationPolicy', () => {
  it('names the policy and lists every tier in order', () => {
    render(<CancellationPolicy title="Moderate" lines={lines} />);
    const region = screen.getByRole('region', { name: 'Cancellation policy: Moderate' });
    expect(region).toHaveTextContent('Cancellation policy: Moderate');
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(lines);
  });

  it('shows a footer when given, at the heading level asked for', () => {
    render(
      <CancellationPolicy
        title="Strict"
        lines={lines}
        headingLevel={2}
        footer="If you cancel today you get back €450.00"
      />,
    );
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Strict');
    expect(screen.getByText('If you cancel today you get back €450.00')).toBeInTheDocument();
  });
});
