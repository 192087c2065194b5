import { describe, expect, it } from 'vitest';
import { bookingReceivedMessage } from './messages.ts';
import type { RequestRow } from './records.ts';

const request = {
  id: 812,
  uuid: '6f1c2a52-9a53-4c4e-8f0e-0d6b1b0f9a11',
  status: 1,
  seats: 2,
  nonRiders: 0,
  contactName: 'Ada Rider',
  contactEmail: 'ada@example.com',
} as RequestRow;

describe('bookingReceivedMessage', () => {
  it('names the dates and the variant the traveller chose', () => {
    const message = bookingReceivedMessage({
      request,
      tourName: 'Altai Highlands',
      date: { startDate: '2027-07-12', endDate: '2027-07-18', variantName: 'Private room' },
      publicUrl: 'https://gallop.example',
    });
    expect(message.body).toContain(
      'request #812 for "Altai Highlands" from 2027-07-12 to 2027-07-18 (Private room) for 2 riders',
    );
  });

  it('names only the dates of a date with one offer', () => {
    const message = bookingReceivedMessage({
      request,
      tourName: 'Altai Highlands',
      date: { startDate: '2027-07-12', endDate: '2027-07-18', variantName: null },
      publicUrl: 'https://gallop.example',
    });
    expect(message.body).toContain('from 2027-07-12 to 2027-07-18 for 2 riders');
  });

  it('names the companions who come along without riding', () => {
    const message = bookingReceivedMessage({
      request: { ...request, seats: 1, nonRiders: 2 },
      tourName: 'Altai Highlands',
      date: undefined,
      publicUrl: 'https://gallop.example',
    });
    expect(message.body).toContain('"Altai Highlands" for 1 rider and 2 non-riders.');
  });
});
