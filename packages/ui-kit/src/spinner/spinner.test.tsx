import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SPINNER_SIZE, Spinner } from './spinner';

describe('Spinner', () => {
  it('is 22 px by default and announces Loading...', () => {
    render(<Spinner />);
    expect(SPINNER_SIZE).toBe(22);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Loading...');
    expect(
      status.querySelector<HTMLElement>('.gk-spinner')?.style.getPropertyValue('--gk-spinner-size'),
    ).toBe('22px');
  });

  it('takes a size and label, and can be purely decorative', () => {
    const { rerender, container } = render(<Spinner size="1em" label="Searching tours" />);
    expect(screen.getByRole('status')).toHaveTextContent('Searching tours');
    expect(
      container
        .querySelector<HTMLElement>('.gk-spinner')
        ?.style.getPropertyValue('--gk-spinner-size'),
    ).toBe('1em');
    rerender(<Spinner decorative />);
    expect(screen.queryByRole('status')).toBeNull();
    expect(container.querySelector('.gk-spinner')).toHaveAttribute('aria-hidden', 'true');
  });
});
