import type { RiderFit, RiderLevel } from '@gallop/rider-fit';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../../../lib/testing/render-in-app';
import type { TourDate } from '../../../../lib/tour-format';
import { levelStopText, RiderFitNote } from './rider-fit-note';

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

  it('says why a send stopped for the level, offers tours for it and booking anyway', async () => {
    const onBookAnyway = vi.fn();
    const shortFit: RiderFit = {
      verdict: 'not-suitable',
      reason: 'For strong intermediate riders; you ride at novice level',
      reasons: [
        {
          check: 'level',
          verdict: 'not-suitable',
          text: 'For strong intermediate riders; you ride at novice level',
        },
      ],
    };
    const stop = {
      who: 'Rider 2',
      riderLevel: 'novice',
      tourLevel: 'strong-intermediate',
      focusKey: 1,
      onBookAnyway,
    } as const;
    await renderInApp(<RiderFitNote fit={shortFit} stop={stop} />);
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent(
      'Rider 2 is a novice; this ride asks for strong intermediate riders, who gallop in control, day after day.',
    );
    expect(alert).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Tours for novice riders' })).toHaveAttribute(
      'href',
      '/tours?riderLevel=novice',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Book anyway' }));
    expect(onBookAnyway).toHaveBeenCalledOnce();
  });

  it('names the rider’s level and what the ride asks, in words a rider recognises', () => {
    const says = (riderLevel: RiderLevel, tourLevel: RiderLevel) =>
      levelStopText({ who: 'Sam', riderLevel, tourLevel });
    expect(says('beginner', 'strong-intermediate')).toBe(
      'Sam is a beginner; this ride asks for strong intermediate riders, who gallop in control, day after day.',
    );
    expect(says('intermediate', 'advanced')).toBe(
      'Sam is an intermediate rider; this ride asks for advanced riders, who ride spirited horses at every pace, for days on end.',
    );
  });
});
