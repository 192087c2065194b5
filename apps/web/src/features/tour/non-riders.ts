import { formatPrice } from '@gallop/currency';
import { isBookable, type TourDate } from '../../lib/tour-format';

/**
 * "Non-riders welcome from €450": the cheapest non-rider price of the bookable dates of a tour
 * that welcomes companions who do not ride (decision 118); undefined when it does not.
 */
export function nonRidersWelcomeText(
  dates: readonly TourDate[],
  nonRidersWelcome: boolean,
): string | undefined {
  if (!nonRidersWelcome) return undefined;
  let cheapest: { price: number; currency: string } | undefined;
  for (const date of dates) {
    const price = date.non_rider_price;
    if (!isBookable(date) || price === null || price === undefined) continue;
    if (!cheapest || price < cheapest.price) cheapest = { price, currency: date.currency };
  }
  return cheapest
    ? `Non-riders welcome from ${formatPrice(cheapest.price, cheapest.currency)}`
    : 'Non-riders welcome';
}
