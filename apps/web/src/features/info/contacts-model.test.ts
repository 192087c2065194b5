import type { components } from '@gallop/api-client';
import { describe, expect, it } from 'vitest';
import { labelledPhones, otherCountryPhones, scheduleRows, timezoneLabel } from './contacts-model';

type Contacts = components['schemas']['Contacts'];

const countries = [
  { id: 101, name: 'Iceland' },
  { id: 226, name: 'United Kingdom' },
  { id: 13, name: 'Australia' },
];

describe('scheduleRows', () => {
  it('merges consecutive days with the same hours and marks days off', () => {
    const weekday = (day: number, from: string | null, to: string | null) => ({
      weekday: day,
      from,
      to,
    });
    expect(
      scheduleRows([
        weekday(7, null, null),
        ...[1, 2, 3, 4, 5].map((day) => weekday(day, '08:00', '20:00')),
        weekday(6, '10:00', '16:00'),
      ]),
    ).toEqual([
      { days: 'Monday–Friday', hours: '08:00–20:00' },
      { days: 'Saturday', hours: '10:00–16:00' },
      { days: 'Sunday', hours: 'Closed' },
    ]);
  });

  it('does not merge across a missing day', () => {
    expect(
      scheduleRows([
        { weekday: 1, from: '09:00', to: '17:00' },
        { weekday: 3, from: '09:00', to: '17:00' },
      ]).map((row) => row.days),
    ).toEqual(['Monday', 'Wednesday']);
  });
});

describe('timezoneLabel', () => {
  it('names the city of a zone', () => {
    expect(timezoneLabel('America/New_York')).toBe('New York time');
    expect(timezoneLabel('UTC')).toBe('UTC');
    expect(timezoneLabel(undefined)).toBeUndefined();
  });
});

describe('phones', () => {
  const contacts: Contacts = {
    email: 'support@gallop.example',
    has_other_phones: true,
    phones: [
      { type: 'main', formatted_phone: '+44 20 7946 0123', entity: { id: 226, kind: 'country' } },
      { type: 'main', formatted_phone: '+1 415 555 0134', entity: null },
      { type: 'additional', formatted_phone: '+61 2 9192 5000', entity: null },
    ],
  };
  const all: Contacts = {
    ...contacts,
    phones: [
      ...contacts.phones,
      { type: 'main', formatted_phone: '+44 1463 960321', entity: { id: 11, kind: 'city' } },
      { type: 'main', formatted_phone: '+354 555 1234', entity: { id: 101, kind: 'country' } },
      { type: 'main', formatted_phone: '+61 2 5550 1234', entity: { id: 13, kind: 'country' } },
      { type: 'main', formatted_phone: '+1 000', entity: { id: 999, kind: 'country' } },
    ],
  };

  it('labels the visitor phones, local first as the API sends them', () => {
    expect(labelledPhones(contacts, countries)).toEqual([
      { phone: '+44 20 7946 0123', label: 'Local number, United Kingdom' },
      { phone: '+1 415 555 0134', label: 'Support line' },
      { phone: '+61 2 9192 5000', label: 'Additional number' },
    ]);
  });

  it('lists the other countries numbers by country, without those already shown', () => {
    expect(otherCountryPhones(all, labelledPhones(contacts, countries), countries)).toEqual([
      { country: 'Australia', phone: '+61 2 5550 1234' },
      { country: 'Iceland', phone: '+354 555 1234' },
    ]);
  });
});
