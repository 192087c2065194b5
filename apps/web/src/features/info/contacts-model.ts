import type { components } from '@gallop/api-client';

type Contacts = components['schemas']['Contacts'];
type ContactPhone = components['schemas']['ContactPhone'];
type ScheduleDay = components['schemas']['ScheduleDay'];
type CountryOption = { id: number; name: string };

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

export interface HoursRow {
  /** 'Monday–Friday' or 'Saturday'. */
  days: string;
  /** '08:00–20:00' or 'Closed'. */
  hours: string;
}

const hoursOf = (day: ScheduleDay) => (day.from && day.to ? `${day.from}–${day.to}` : 'Closed');

/** The support schedule with consecutive days of equal hours merged (Monday 1 ... Sunday 7). */
export function scheduleRows(schedule: readonly ScheduleDay[]): HoursRow[] {
  const days = [...schedule].sort((a, b) => a.weekday - b.weekday);
  const rows: { first: number; last: number; hours: string }[] = [];
  for (const day of days) {
    const hours = hoursOf(day);
    const previous = rows.at(-1);
    if (previous && previous.hours === hours && previous.last === day.weekday - 1) {
      previous.last = day.weekday;
    } else {
      rows.push({ first: day.weekday, last: day.weekday, hours });
    }
  }
  const name = (weekday: number) => WEEKDAYS[weekday - 1] ?? String(weekday);
  return rows.map((row) => ({
    days: row.first === row.last ? name(row.first) : `${name(row.first)}–${name(row.last)}`,
    hours: row.hours,
  }));
}

/** 'America/New_York' -> 'New York time'; other names as they are. */
export function timezoneLabel(timezone: string | undefined): string | undefined {
  if (!timezone) return undefined;
  const city = timezone.split('/').at(-1)?.replace(/_/g, ' ');
  return timezone.includes('/') && city ? `${city} time` : timezone;
}

export interface LabelledPhone {
  phone: string;
  label: string;
}

function phoneLabel(phone: ContactPhone, countries: readonly CountryOption[]): string {
  if (phone.entity?.kind === 'country') {
    const country = countries.find((candidate) => candidate.id === phone.entity?.id);
    return country ? `Local number, ${country.name}` : 'Local number';
  }
  if (phone.entity?.kind === 'city') return 'Local number';
  return phone.type === 'main' ? 'Support line' : 'Additional number';
}

/** The visitor's phones in the API's order (local ones first), each with what it is. */
export function labelledPhones(
  contacts: Contacts,
  countries: readonly CountryOption[],
): LabelledPhone[] {
  return contacts.phones.map((phone) => ({
    phone: phone.formatted_phone,
    label: phoneLabel(phone, countries),
  }));
}

export interface CountryPhone {
  country: string;
  phone: string;
}

/**
 * Local numbers of other countries (from the `all=1` answer), by country name, leaving out those
 * the visitor already sees. City numbers are left out: no call names a city by its id.
 */
export function otherCountryPhones(
  all: Contacts,
  shown: readonly LabelledPhone[],
  countries: readonly CountryOption[],
): CountryPhone[] {
  const seen = new Set(shown.map((item) => item.phone));
  return all.phones
    .flatMap((phone) => {
      if (phone.entity?.kind !== 'country' || seen.has(phone.formatted_phone)) return [];
      const country = countries.find((candidate) => candidate.id === phone.entity?.id);
      return country ? [{ country: country.name, phone: phone.formatted_phone }] : [];
    })
    .sort((a, b) => a.country.localeCompare(b.country, 'en'));
}
