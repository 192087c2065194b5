import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DateGroupMeter, notRunText } from './date-group-meter';
import type { TourDate } from './tour-format';

const notGuaranteed = (fields: Partial<TourDate>) =>
  ({
    id: 1,
    start: '2026-12-08',
    end: '2026-12-12',
    not_guaranteed: true,
    min_riders: 4,
    riders_booked: 2,
    decision_date: '2026-11-17',
    ...fields,
  }) as TourDate;

describe('DateGroupMeter', () => {
  it('promises the organizer’s decision day while it is ahead', () => {
    const { container } = render(<DateGroupMeter date={notGuaranteed({})} today="2026-11-10" />);
    expect(container).toHaveTextContent(
      '2 of 4 riders booked; guaranteed when 2 more bookThe organizer decides by 17 Nov 2026',
    );
  });

  it('still promises the decision day on the day itself', () => {
    const { container } = render(<DateGroupMeter date={notGuaranteed({})} today="2026-11-17" />);
    expect(container).toHaveTextContent('The organizer decides by 17 Nov 2026');
  });

  it('says a date past its decision day does not run: no count to reach, no day promised', () => {
    const { container } = render(<DateGroupMeter date={notGuaranteed({})} today="2026-12-06" />);
    expect(notRunText('2026-11-17')).toBe(
      'The organizer did not confirm this date by 17 Nov 2026, so it does not run',
    );
    expect(container).toHaveTextContent(
      /^The organizer did not confirm this date by 17 Nov 2026, so it does not run$/,
    );
    expect(container).not.toHaveTextContent('riders booked');
    expect(container).not.toHaveTextContent('confirms each request');
  });

  it('says the same of a date without a minimum whose day has passed', () => {
    const { container } = render(
      <DateGroupMeter date={notGuaranteed({ min_riders: null })} today="2026-12-06" />,
    );
    expect(container).toHaveTextContent(
      /^The organizer did not confirm this date by 17 Nov 2026, so it does not run$/,
    );
  });

  it('shows the riders the API counts towards the minimum, never the group as reached', () => {
    // riders_booked counts only riders who can still come (holders who proved their address),
    // so a date still waiting shows what it still needs.
    const { container } = render(
      <DateGroupMeter date={notGuaranteed({ riders_booked: 1 })} today="2026-11-10" />,
    );
    expect(container).toHaveTextContent('1 of 4 riders booked; guaranteed when 3 more book');
  });

  it('shows nothing for a guaranteed date', () => {
    const { container } = render(
      <DateGroupMeter date={notGuaranteed({ not_guaranteed: false })} today="2026-12-06" />,
    );
    expect(container).toBeEmptyDOMElement();
  });
});
