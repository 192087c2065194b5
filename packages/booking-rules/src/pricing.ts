/**
 * What a booking request costs and what may be paid next. Pure functions over minor units, so the
 * rules are tested without a database.
 */

export type PaymentType = 'prepayment' | 'payment' | 'full';

/** The parts of a tour date that decide the price and the prepayment. */
export interface DatePricing {
  price: number;
  prepaymentType: 'percent' | 'fixed' | 'none';
  /** Percent for `percent`, minor units per tourist for `fixed`. */
  prepaymentSize: number | null;
  /** Within this many days of the start the whole price is due at once. */
  fullPaymentDays: number | null;
  startDate: string;
}

const DAY_MS = 86_400_000;

/**
 * Whether an amount of minor units is counted exactly: money columns are 64-bit and read as JS
 * numbers, exact up to 2^53 (90 trillion major units, beyond any real price even in tögrögs or
 * dong). A larger amount is refused before it is stored, rather than charged rounded.
 */
export function isExactAmount(amount: number): boolean {
  return Number.isSafeInteger(amount) && amount >= 0;
}

/**
 * Minor units of a whole amount of major units: prices are shown without decimals (spec:
 * "Currency display: no decimals"), so a booking is priced in whole units and charged exactly
 * what it shows (decision 089).
 */
export function wholeUnits(major: number): number {
  return Math.round(major) * 100;
}

/**
 * A date's pricing terms in another currency: `convert` turns minor units of the date's currency
 * into whole minor units of the booking's. A percentage stays a percentage.
 */
export function inCurrency(date: DatePricing, convert: (minor: number) => number): DatePricing {
  return {
    price: convert(date.price),
    prepaymentType: date.prepaymentType,
    prepaymentSize:
      date.prepaymentType === 'fixed' && date.prepaymentSize !== null
        ? convert(date.prepaymentSize)
        : date.prepaymentSize,
    fullPaymentDays: date.fullPaymentDays,
    startDate: date.startDate,
  };
}

/**
 * The day the whole price is due: `fullPaymentDays` before the start (YYYY-MM-DD); null when the
 * date sets no such rule.
 */
export function balanceDueDay(startDate: string, fullPaymentDays: number | null): string | null {
  if (fullPaymentDays === null) return null;
  const due = new Date(`${startDate}T00:00:00Z`);
  due.setUTCDate(due.getUTCDate() - fullPaymentDays);
  return due.toISOString().slice(0, 10);
}

/**
 * The day the rest of the price is due, never before `today`: once the full-payment day has
 * passed (a booking made inside that window, or a prepaid one not paid up), the rest is due now.
 * Null when the date sets no such rule.
 */
export function balanceDueBy(
  startDate: string,
  fullPaymentDays: number | null,
  today: string,
): string | null {
  const due = balanceDueDay(startDate, fullPaymentDays);
  return due !== null && due < today ? today : due;
}

/** Whole days from `today` to `startDate` (both YYYY-MM-DD). */
export function daysUntil(startDate: string, today: string): number {
  return Math.round((Date.parse(startDate) - Date.parse(today)) / DAY_MS);
}

/** Companions who come along without riding and what each pays (decision 118). */
export interface NonRiders {
  count: number;
  /** Minor units per non-rider, in the same currency as the date's terms. */
  price: number;
}

const NO_NON_RIDERS: NonRiders = { count: 0, price: 0 };

/** The least a percentage prepayment asks, in minor units: amounts are shown in whole units. */
const ONE_WHOLE_UNIT = wholeUnits(1);

/**
 * The price for `tourists` riders (plus `nonRiders` at their own price) and the prepayment due
 * first. No prepayment (null) when the date asks for none, or when the start is within the
 * full-payment window: then the whole price is paid at once. A percentage prepayment is rounded
 * to whole units, like every shown amount, and applies to the whole price; a fixed one is per
 * traveller, rider or not; a prepayment never exceeds the price.
 *
 * A prepayment is never 0: the organizer asked for one, so a percentage that rounds to nothing
 * (10% of €4) asks one whole unit (€1), never more than the price. A payment of 0 would be
 * "paid" without crediting anything and leave the booking unprepaid, to be released at the end
 * of its hold. Only a price of 0 has no prepayment (null): there is nothing to pay first.
 */
export function quote(
  date: DatePricing,
  tourists: number,
  today: string,
  nonRiders: NonRiders = NO_NON_RIDERS,
): { price: number; prepayment: number | null } {
  const price = date.price * tourists + nonRiders.price * nonRiders.count;
  const withinFullPayment =
    date.fullPaymentDays !== null && daysUntil(date.startDate, today) <= date.fullPaymentDays;
  if (withinFullPayment || date.prepaymentType === 'none' || !date.prepaymentSize) {
    return { price, prepayment: null };
  }
  const prepayment =
    date.prepaymentType === 'percent'
      ? Math.max(wholeUnits((price * date.prepaymentSize) / 100 / 100), ONE_WHOLE_UNIT)
      : date.prepaymentSize * (tourists + nonRiders.count);
  const capped = Math.min(prepayment, price);
  return { price, prepayment: capped > 0 ? capped : null };
}

/** The money state of a request. */
export interface Balance {
  price: number;
  prepayment: number | null;
  paid: number;
}

/**
 * What a booking must have paid to be prepaid (status 3) and keep every place it holds: its
 * prepayment, or its whole price when it has none; never more than the price.
 */
export function prepaidAt(balance: Pick<Balance, 'price' | 'prepayment'>): number {
  return Math.min(balance.prepayment ?? balance.price, balance.price);
}

/**
 * The prepayment of a booking that has paid something, once its travellers changed (decision
 * 192): what its agreed terms ask of the whole new party
 * (`termsPrepayment`, `quote`'s); when those terms ask the whole price at once (inside the
 * full-payment window, or no prepayment at all, `termsPrepayment` null), what was paid for the
 * travellers already paid for plus the whole price of those added since (`unpaidPrice`). Never
 * more than the price. What is due for the added travellers is this less what was paid.
 */
export function prepaymentOfPaidBooking({
  price,
  paid,
  termsPrepayment,
  unpaidPrice,
}: {
  price: number;
  paid: number;
  termsPrepayment: number | null;
  unpaidPrice: number;
}): number {
  return Math.min(termsPrepayment ?? paid + unpaidPrice, price);
}

/**
 * The amount a payment of `type` would charge, or undefined when that type does not apply now:
 * `prepayment` while less than the prepayment is paid (all of it before anything is paid; the
 * added travellers' share when riders were added to a booking that had paid, decision 192), `full` before anything is paid, `payment` for the rest once
 * something is paid. A stored prepayment of 0 (priced before `quote` asked at least one whole
 * unit) is no prepayment: the full price is open instead, never a payment of nothing.
 */
export function amountDue(balance: Balance, type: PaymentType): number | undefined {
  const left = balance.price - balance.paid;
  if (left <= 0) return undefined;
  switch (type) {
    case 'prepayment':
      return balance.prepayment !== null && balance.prepayment > balance.paid
        ? Math.min(balance.prepayment, balance.price) - balance.paid
        : undefined;
    case 'full':
      return balance.paid === 0 ? left : undefined;
    case 'payment':
      return balance.paid > 0 ? left : undefined;
  }
}

/** The payment types open now, in the order a payment page offers them. */
export function openPaymentTypes(balance: Balance): PaymentType[] {
  return (['prepayment', 'full', 'payment'] as const).filter(
    (type) => amountDue(balance, type) !== undefined,
  );
}

/**
 * How much of a payment of `amount` and `type` that just succeeded counts towards the booking,
 * and how much goes back (decisions: "Money"): a prepayment covers at most the prepayment still
 * open, any other payment at most what is left of the price, nothing at all when the booking is
 * no longer open. `paid` never exceeds the price, and no money is kept that was not due.
 */
export function creditOf(
  balance: Balance,
  type: PaymentType,
  amount: number,
  bookingOpen: boolean,
): { credit: number; excess: number } {
  const left = Math.max(0, balance.price - balance.paid);
  const due = !bookingOpen
    ? 0
    : type === 'prepayment'
      ? Math.min(left, Math.max(0, (balance.prepayment ?? balance.price) - balance.paid))
      : left;
  const credit = Math.min(amount, due);
  return { credit, excess: amount - credit };
}
