import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FIT_INDICATOR_ADD_PASSPORT, FitIndicator } from './fit-indicator';

describe('FitIndicator', () => {
  it.each([
    ['fits', 'Fits you', 'gk-fit--fits'],
    ['stretch', 'A stretch', 'gk-fit--stretch'],
    ['not-suitable', 'Not suitable', 'gk-fit--not-suitable'],
  ] as const)('%s shows an icon, its words and the reason', (verdict, label, modifier) => {
    const { container } = render(
      <FitIndicator verdict={verdict} reason="The longest day is 6 h; you ride 4 h" />,
    );
    const indicator = container.firstElementChild;
    expect(indicator).toHaveClass('gk-fit', modifier);
    expect(indicator).toHaveTextContent(`${label}: The longest day is 6 h; you ride 4 h`);
    expect(indicator?.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    expect(indicator).not.toHaveAttribute('title');
  });

  it('shows only the label without a reason', () => {
    const { container } = render(<FitIndicator verdict="fits" reason={null} />);
    expect(container.firstElementChild).toHaveTextContent(/^Fits you$/);
  });

  it('puts the full text in the title when compact', () => {
    const { container } = render(
      <FitIndicator
        verdict="not-suitable"
        reason="Riders up to 95 kg with clothing; you weigh 102 kg"
        compact
      />,
    );
    const indicator = container.firstElementChild;
    expect(indicator).toHaveClass('gk-fit--compact');
    expect(indicator).toHaveAttribute(
      'title',
      'Not suitable: Riders up to 95 kg with clothing; you weigh 102 kg',
    );
    expect(indicator).toHaveTextContent('Riders up to 95 kg with clothing; you weigh 102 kg');
  });

  it('asks for a passport with a button when there is no verdict', async () => {
    const onAddPassport = vi.fn();
    render(<FitIndicator verdict={null} onAddPassport={onAddPassport} />);
    await userEvent.click(screen.getByRole('button', { name: FIT_INDICATOR_ADD_PASSPORT }));
    expect(onAddPassport).toHaveBeenCalledOnce();
    expect(FIT_INDICATOR_ADD_PASSPORT).toBe('Add your rider passport to see if this ride fits you');
  });

  it('shows the prompt as text without onAddPassport', () => {
    render(<FitIndicator verdict={null} compact />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByText(FIT_INDICATOR_ADD_PASSPORT).parentElement).toHaveAttribute(
      'title',
      FIT_INDICATOR_ADD_PASSPORT,
    );
  });

  it('takes translated labels', () => {
    const { container } = render(<FitIndicator verdict="stretch" labels={{ stretch: 'Knapp' }} />);
    expect(container.firstElementChild).toHaveTextContent('Knapp');
  });
});
