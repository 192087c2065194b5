import type { RiderFit } from '@gallop/rider-fit';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { TourDate } from '../../../../lib/tour-format';
import { RiderFitNote } from './rider-fit-note';

const refused: RiderFit = {
  verdict: 'not-suitable',
  reason: 'No horse for riders over 95 kg is left on this date',
  reasons: [
    {
      check: 'weight',
      verdict: 'not-suitable',
      text: 'No horse for riders over 95 kg is left on this date',
    },
  ],
};

const date = (id: number, start: string, end: string) =>
  ({ id, start, end, variant_name: null }) as unknown as TourDate;

describe('RiderFitNote', () => {
  it('is an empty live region until something fit-relevant is typed', () => {
    const { container } = render(<RiderFitNote fit={undefined} />);
    const note = container.firstElementChild;
    expect(note).toHaveAttribute('aria-live', 'polite');
    expect(note).toBeEmptyDOMElement();
  });

  it('offers other dates as buttons that switch the date and keep the focus on the note', () => {
    const onChooseDate = vi.fn();
    const { container } = render(
      <RiderFitNote
        fit={refused}
        otherDates={[date(81, '2027-08-02', '2027-08-09'), date(82, '2027-08-16', '2027-08-23')]}
        onChooseDate={onChooseDate}
      />,
    );
    expect(screen.getByText('Dates with a horse for this weight:')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Switch to 16–23 Aug 2027' }));
    expect(onChooseDate).toHaveBeenCalledWith(82);
    expect(container.firstElementChild).toHaveFocus();
  });

  it('offers no dates without any', () => {
    render(<RiderFitNote fit={refused} otherDates={[]} onChooseDate={vi.fn()} />);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
