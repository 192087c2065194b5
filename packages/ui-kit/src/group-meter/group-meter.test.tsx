import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { decisionText, formatDecisionDay, GroupMeter, groupMeterText } from './group-meter';

describe('groupMeterText', () => {
  it('says one more when one rider is missing', () => {
    expect(groupMeterText(3, 4)).toBe('3 of 4 riders booked; guaranteed when one more books');
  });

  it('counts the riders missing in the plural', () => {
    expect(groupMeterText(2, 4)).toBe('2 of 4 riders booked; guaranteed when 2 more book');
    expect(groupMeterText(0, 6)).toBe('0 of 6 riders booked; guaranteed when 6 more book');
  });

  it('says guaranteed once the minimum is reached', () => {
    expect(groupMeterText(4, 4)).toBe('4 of 4 riders booked; guaranteed');
  });
});

describe('decisionText', () => {
  it('names the day, whatever the time zone', () => {
    expect(formatDecisionDay('2027-03-12')).toBe('12 Mar 2027');
    expect(formatDecisionDay('2027-12-01')).toBe('1 Dec 2027');
    expect(decisionText('2027-03-12')).toBe('The organizer decides by 12 Mar 2027');
  });
});

describe('GroupMeter', () => {
  it('draws a place per rider, the booked ones taken, and hides the bar from assistive technology', () => {
    const { container } = render(<GroupMeter booked={3} minimum={4} decisionDate="2027-03-12" />);
    const meter = container.firstElementChild!;
    expect(meter).toHaveTextContent(
      '3 of 4 riders booked; guaranteed when one more booksThe organizer decides by 12 Mar 2027',
    );
    const bar = meter.querySelector('.gk-group-meter__bar')!;
    expect(bar).toHaveAttribute('aria-hidden', 'true');
    expect(bar.querySelectorAll('.gk-group-meter__place')).toHaveLength(4);
    expect(bar.querySelectorAll('.gk-group-meter__place--taken')).toHaveLength(3);
    expect(meter).toHaveAttribute('data-missing', '1');
  });

  it('says nothing of a decision day without one', () => {
    const { container } = render(<GroupMeter booked={1} minimum={3} decisionDate={null} />);
    expect(container).toHaveTextContent(/^1 of 3 riders booked; guaranteed when 2 more book$/);
  });

  it('says a note in the decision day’s place when there is no day to promise', () => {
    const { container } = render(
      <GroupMeter booked={1} minimum={3} note="The organizer confirms each request" />,
    );
    expect(container).toHaveTextContent(
      /^1 of 3 riders booked; guaranteed when 2 more bookThe organizer confirms each request$/,
    );
    // A decision day wins over a note.
    const dated = render(
      <GroupMeter booked={1} minimum={3} decisionDate="2027-03-12" note="Ignored" />,
    );
    expect(dated.container).not.toHaveTextContent('Ignored');
  });

  it('never draws more taken than the minimum, and marks it reached', () => {
    const { container } = render(<GroupMeter booked={7} minimum={4} />);
    const meter = container.firstElementChild!;
    expect(meter).toHaveClass('gk-group-meter--reached');
    expect(meter.querySelectorAll('.gk-group-meter__place--taken')).toHaveLength(4);
    expect(meter).toHaveTextContent('4 of 4 riders booked; guaranteed');
  });

  it('draws one bar for a large group', () => {
    const { container } = render(<GroupMeter booked={10} minimum={40} />);
    expect(container.querySelectorAll('.gk-group-meter__place')).toHaveLength(0);
    expect(container.querySelector('.gk-group-meter__fill')).toHaveStyle({ width: '25%' });
  });
});
