/**
 * Arrival and departure of a tourist (docs/product.md, Entities, "Travel info"), shared by the meet
 * page, which shows it to the organizer, and the arrival page, where the traveller fills it in.
 */
import type { components } from '@gallop/api-client';
import { formatDay } from './tour-format';

export type TravelInfo = components['schemas']['TravelInfo'];
export type TransportType = TravelInfo['transport_type'];

/** Transport types in the order the form offers them (1 flight, 2 train, 3 other, 4 lives there). */
export const TRANSPORT_LABELS: Record<TransportType, string> = {
  1: 'Flight',
  2: 'Train',
  3: 'Other transport',
  4: 'Lives in the city',
};

const text = (value: string | null | undefined): string | undefined => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
};

/** '12 Jun 2026 at 14:30' from the date and time fields, or what there is of them. */
export function formatWhen(info: Pick<TravelInfo, 'date' | 'time'>): string | undefined {
  const day = info.date ? formatDay(info.date) : undefined;
  const time = text(info.time);
  if (day && time) return `${day} at ${time}`;
  return day ?? time;
}

/**
 * One line for a leg of the trip: 'Flight SU 1402, Sheremetyevo', 'Train 016A, Leningradsky
 * station', 'Bus from Tver', 'Lives in the city'.
 */
export function describeTravel(info: TravelInfo): string {
  const parts = (...values: Array<string | null | undefined>) =>
    values.map(text).filter((value): value is string => value !== undefined);
  switch (info.transport_type) {
    case 1: {
      const [number, ...place] = parts(info.flight_number, info.airport_name);
      return [number ? `Flight ${number}` : 'Flight', ...place].join(', ');
    }
    case 2: {
      const [number, ...place] = parts(info.train_number, info.station_name);
      return [number ? `Train ${number}` : 'Train', ...place].join(', ');
    }
    case 3: {
      const [name, from] = [text(info.other_transport_name), text(info.departure_place)];
      const what = name ?? 'Other transport';
      return from ? `${what} from ${from}` : what;
    }
    case 4:
      return TRANSPORT_LABELS[4];
  }
}
