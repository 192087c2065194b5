/**
 * The arrival form's model: one arrival and one departure per rider (docs/product.md, Entities,
 * "Travel info"), as form values, checks and the API's input.
 */
import type { TravelInfo, TransportType } from '../../lib/travel-info';
import type { ArrivalInfo, ArrivalInfoInput, TravelInfoInput } from './api';

export type Leg = 'arrival' | 'departure';
export const LEGS: readonly Leg[] = ['arrival', 'departure'];

export interface LegValues {
  /** '' until the rider chooses. */
  transport_type: '' | `${TransportType}`;
  flight_number: string;
  airport_name: string;
  train_number: string;
  station_name: string;
  other_transport_name: string;
  departure_place: string;
  date: string;
  time: string;
  additional_info: string;
}

export type LegField = Exclude<keyof LegValues, 'transport_type'>;

/** The fields each transport asks for, in order; every transport but 'lives in the city' has a date and time. */
const TRANSPORT_FIELDS: Record<TransportType, readonly LegField[]> = {
  1: ['flight_number', 'airport_name', 'date', 'time'],
  2: ['train_number', 'station_name', 'date', 'time'],
  3: ['other_transport_name', 'departure_place', 'date', 'time'],
  4: [],
};

/** Labels per leg: 'Arrival airport' but 'Departure airport', 'From' for other transport. */
export function fieldLabel(field: LegField, leg: Leg): string {
  const labels: Record<LegField, string> = {
    flight_number: 'Flight number',
    airport_name: leg === 'arrival' ? 'Arrival airport' : 'Departure airport',
    train_number: 'Train number',
    station_name: leg === 'arrival' ? 'Arrival station' : 'Departure station',
    other_transport_name: 'How you travel',
    departure_place: leg === 'arrival' ? 'Travelling from' : 'Travelling to',
    date: 'Date',
    time: 'Time',
    additional_info: 'Anything the organizer should know',
  };
  return labels[field];
}

const REQUIRED: ReadonlySet<LegField> = new Set([
  'flight_number',
  'train_number',
  'other_transport_name',
  'date',
]);

const MAX_LENGTH: Record<LegField, number> = {
  flight_number: 20,
  train_number: 20,
  airport_name: 200,
  station_name: 200,
  other_transport_name: 200,
  departure_place: 200,
  date: 10,
  time: 5,
  additional_info: 2000,
};

const EMPTY: LegValues = {
  transport_type: '',
  flight_number: '',
  airport_name: '',
  train_number: '',
  station_name: '',
  other_transport_name: '',
  departure_place: '',
  date: '',
  time: '',
  additional_info: '',
};

export function legValues(info: TravelInfo | undefined): LegValues {
  if (!info) return { ...EMPTY };
  const values = {
    ...EMPTY,
    transport_type: String(info.transport_type) as LegValues['transport_type'],
  };
  const fields = Object.keys(EMPTY).filter((key) => key !== 'transport_type') as LegField[];
  for (const field of fields) {
    if (field in info) values[field] = (info[field as keyof TravelInfo] as string | null) ?? '';
  }
  return values;
}

/** The fields shown for a leg: its transport's, then the note. */
export function visibleFields(values: LegValues): LegField[] {
  if (values.transport_type === '') return [];
  return [...TRANSPORT_FIELDS[Number(values.transport_type) as TransportType], 'additional_info'];
}

/** Messages per field of one leg; empty when it can be sent. An untouched leg is fine. */
export function validateLeg(values: LegValues): Partial<Record<LegField, string>> {
  const problems: Partial<Record<LegField, string>> = {};
  for (const field of visibleFields(values)) {
    const value = values[field].trim();
    if (value === '') {
      if (REQUIRED.has(field)) problems[field] = 'Required field';
      continue;
    }
    if (value.length > MAX_LENGTH[field]) {
      problems[field] = `At most ${MAX_LENGTH[field]} characters`;
    } else if (field === 'date' && !/^\d{4}-\d{2}-\d{2}$/.test(value)) {
      problems[field] = 'A date such as 2026-06-12';
    } else if (field === 'time' && !/^([01]\d|2[0-3]):[0-5]\d$/.test(value)) {
      problems[field] = 'A time such as 14:30';
    }
  }
  return problems;
}

/** The API's input of a leg, or undefined when the rider left it empty. */
function legInput(values: LegValues): TravelInfoInput | undefined {
  if (values.transport_type === '') return undefined;
  const input: TravelInfoInput = {
    transport_type: Number(values.transport_type) as TransportType,
  };
  for (const field of visibleFields(values)) {
    const value = values[field].trim();
    if (value !== '') input[field] = value;
  }
  return input;
}

export type TouristValues = { tourist_id: number; name: string } & Record<Leg, LegValues>;

export function formValues(info: ArrivalInfo): TouristValues[] {
  return info.tourists.map((tourist) => ({
    tourist_id: tourist.tourist_id,
    name: tourist.name,
    arrival: legValues(tourist.arrival),
    departure: legValues(tourist.departure),
  }));
}

/** `{touristId}.{leg}.{field}` -> message, for the whole form. */
export type FormProblems = Record<string, string>;

export const problemKey = (touristId: number, leg: Leg, field: LegField | 'transport_type') =>
  `${touristId}.${leg}.${field}`;

export function validateForm(tourists: readonly TouristValues[]): FormProblems {
  const problems: FormProblems = {};
  for (const tourist of tourists) {
    for (const leg of LEGS) {
      for (const [field, message] of Object.entries(validateLeg(tourist[leg]))) {
        problems[problemKey(tourist.tourist_id, leg, field as LegField)] = message;
      }
    }
  }
  return problems;
}

/**
 * The API's input: the riders with at least one leg chosen (a rider with neither has nothing to
 * save). Empty when no rider has any.
 */
export function arrivalInput(tourists: readonly TouristValues[]): ArrivalInfoInput {
  return {
    tourists: tourists.flatMap((tourist) => {
      const arrival = legInput(tourist.arrival);
      const departure = legInput(tourist.departure);
      if (!arrival && !departure) return [];
      return [
        {
          tourist_id: tourist.tourist_id,
          ...(arrival ? { arrival } : {}),
          ...(departure ? { departure } : {}),
        },
      ];
    }),
  };
}

/**
 * The API's 422 field errors (`tourists.0.arrival.flight_number`) as form problems, by rider id.
 */
export function problemsFromApi(
  errors: Record<string, readonly string[]>,
  tourists: readonly TouristValues[],
): FormProblems {
  const problems: FormProblems = {};
  for (const [path, messages] of Object.entries(errors)) {
    const match = /^(?:body\.)?tourists\.(\d+)\.(arrival|departure)\.(\w+)$/.exec(path);
    const tourist = match ? tourists[Number(match[1])] : undefined;
    if (!match || !tourist || messages.length === 0) continue;
    problems[problemKey(tourist.tourist_id, match[2] as Leg, match[3] as LegField)] = messages[0]!;
  }
  return problems;
}
