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

describe('balanceDueText promises only the reminders still ahead', () => {
  // The probe's booking: on 7 Dec, its rest due 9 Dec.
  const on = '2026-12-07';
  const dueIn = (days: number) =>
    new Date(Date.parse(on) + days * 86_400_000).toISOString().slice(0, 10);
  const rest2720 = formatPrice(2720, 'EUR');
  const prepaid = (days: number) =>
    booking({ price: 3400, paid: 680, prepayment: 680, balance_due_by: dueIn(days) });

  it('names none once the 2-day reminder’s day has come', () => {
    expect(balanceDueText(prepaid(2), on)).toBe(`The rest, ${rest2720}, is due by 9 Dec 2026.`);
    expect(balanceDueText(prepaid(1), on, 'organizer')).toBe(
      `The rest, ${rest2720}, is due by 8 Dec 2026.`,
    );
  });

  it('names the 2-day reminder alone from the 7-day reminder’s day on', () => {
    expect(balanceDueText(prepaid(7), on)).toBe(
      `The rest, ${rest2720}, is due by 14 Dec 2026. We remind you by e-mail 2 days before.`,
    );
    expect(balanceDueText(prepaid(3), on, 'organizer')).toBe(
      `The rest, ${rest2720}, is due by 10 Dec 2026. We remind the traveller by e-mail 2 days before.`,
    );
  });

  it('names both while both are ahead', () => {
    expect(balanceDueText(prepaid(8), on)).toBe(
      `The rest, ${rest2720}, is due by 15 Dec 2026. We remind you by e-mail 7 and 2 days before.`,
    );
  });

  it('promises none for a full price not paid yet: the job reminds a rest after a payment', () => {
    const unpaid = booking({ status: 2, paid: 0, prepayment: null, balance_due_by: dueIn(30) });
    expect(balanceDueText(unpaid, on)).toBe(
      `The full price, ${formatPrice(2000, 'EUR')}, is due by 6 Jan 2027.`,
    );
    // With a prepayment still to make, the rest after it is reminded once the prepayment is paid.
    expect(balanceDueText({ ...unpaid, prepayment: 600 }, on)).toBe(
      `After the prepayment, the rest, ${rest}, is due by 6 Jan 2027. We remind you by e-mail 7 and 2 days before.`,
    );
  });
});
