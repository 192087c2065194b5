import { formatPrice } from '@gallop/currency';
import { describe, expect, it } from 'vitest';
import { balanceDueText, type BalanceFacts } from './balance-due';

const TODAY = '2026-12-05';
const booking = (extra: Partial<BalanceFacts> = {}): BalanceFacts => ({
  status: 3,
  price: 2000,
  paid: 600,
  prepayment: 600,
  currency: 'EUR',
  balance_due_by: '2027-01-10',
  ...extra,
});
const rest = formatPrice(1400, 'EUR');

describe('balanceDueText for the organizer', () => {
  it('says the same facts as the traveller reads, about the traveller', () => {
    expect(balanceDueText(booking(), TODAY, 'organizer')).toBe(
      `The rest, ${rest}, is due by 10 Jan 2027. We remind the traveller by e-mail 7 and 2 days before.`,
    );
    expect(balanceDueText(booking(), TODAY)).toBe(
      `The rest, ${rest}, is due by 10 Jan 2027. We remind you by e-mail 7 and 2 days before.`,
    );
  });

  it('waits for the organizer’s own confirmation of a request', () => {
    const request = booking({ status: 1, paid: 0, prepayment: null, balance_due_by: TODAY });
    expect(balanceDueText(request, TODAY, 'organizer')).toBe(
      `The full price, ${formatPrice(2000, 'EUR')}, is due once you confirm.`,
    );
  });

  it('names the day a late rest was due by', () => {
    const late = booking({ balance_due_by: '2026-11-14' });
    expect(balanceDueText(late, TODAY, 'organizer', true)).toBe(
      `The rest, ${rest}, was due by 14 Nov 2026 and is not paid.`,
    );
    // Not late (nothing paid yet, the hold decides): a day gone by means now.
    expect(balanceDueText({ ...late, paid: 0, prepayment: null }, TODAY, 'organizer')).toBe(
      `The full price, ${formatPrice(2000, 'EUR')}, is due now.`,
    );
  });

  it('says nothing once all is paid or without a day', () => {
    expect(balanceDueText(booking({ paid: 2000 }), TODAY, 'organizer')).toBeUndefined();
    expect(balanceDueText(booking({ balance_due_by: null }), TODAY, 'organizer')).toBeUndefined();
  });
});
