import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AFTER_DECISION_TEXT, DateGroupMeter } from './date-group-meter';
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
    expect(container).toHaveTextContent('The organizer decides by 17 Nov 2026');
  });

  it('promises no day that has passed: the organizer answers each request', () => {
    const { container } = render(<DateGroupMeter date={notGuaranteed({})} today="2026-12-06" />);
    expect(container).not.toHaveTextContent('decides by');
    expect(container).toHaveTextContent('2 of 4 riders booked; guaranteed when 2 more book');
    expect(container).toHaveTextContent(AFTER_DECISION_TEXT);
  });

  it('says the same of a date without a minimum whose day has passed', () => {
    const { container } = render(
      <DateGroupMeter date={notGuaranteed({ min_riders: null })} today="2026-12-06" />,
    );
    expect(container).toHaveTextContent(/^The organizer confirms each request$/);
  });

  it('shows nothing for a guaranteed date', () => {
    const { container } = render(
      <DateGroupMeter date={notGuaranteed({ not_guaranteed: false })} today="2026-12-06" />,
    );
    expect(container).toBeEmptyDOMElement();
  });
});
