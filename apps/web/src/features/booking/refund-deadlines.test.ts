import { describe, expect, it } from 'vitest';
import { refundDeadlinesText } from './refund-deadlines';

const moderate = [
  { days_before: 30, refund_percent: 100 },
  { days_before: 14, refund_percent: 50 },
];
const utc = (moment: string) => `${moment.slice(11, 16)} UTC, ${moment.slice(0, 10)}`;

describe('refundDeadlinesText', () => {
  it('names each share of the date chosen with the moment it ends', () => {
    expect(refundDeadlinesText(moderate, '2027-03-21', '2027-01-05', utc)).toBe(
      'For this date: everything back if you cancel before 00:00 UTC, 2027-02-20; 50% back before 00:00 UTC, 2027-03-08; nothing after.',
    );
    expect(refundDeadlinesText(moderate, '2027-03-21', '2027-03-01', utc)).toBe(
      'For this date: 50% back if you cancel before 00:00 UTC, 2027-03-08; nothing after.',
    );
  });

  it('says nothing when nothing would come back already', () => {
    expect(refundDeadlinesText(moderate, '2027-03-21', '2027-03-10', utc)).toBeUndefined();
  });
});
