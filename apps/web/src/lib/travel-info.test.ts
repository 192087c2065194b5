import { describe, expect, it } from 'vitest';
import { describeTravel, formatWhen } from './travel-info';

describe('travel info', () => {
  it('describes each kind of transport in one line', () => {
    expect(
      describeTravel({ transport_type: 1, flight_number: 'SU 1402', airport_name: 'Sheremetyevo' }),
    ).toBe('Flight SU 1402, Sheremetyevo');
    expect(describeTravel({ transport_type: 1 })).toBe('Flight');
    expect(describeTravel({ transport_type: 2, train_number: '016A', station_name: null })).toBe(
      'Train 016A',
    );
    expect(
      describeTravel({ transport_type: 3, other_transport_name: 'Bus', departure_place: 'Tver' }),
    ).toBe('Bus from Tver');
    expect(describeTravel({ transport_type: 3 })).toBe('Other transport');
    expect(describeTravel({ transport_type: 4, flight_number: 'ignored' })).toBe(
      'Lives in the city',
    );
  });

  it('joins the date and time when both are known', () => {
    expect(formatWhen({ date: '2026-06-12', time: '14:30' })).toBe('12 Jun 2026 at 14:30');
    expect(formatWhen({ date: '2026-06-12', time: null })).toBe('12 Jun 2026');
    expect(formatWhen({ date: null, time: '07:05' })).toBe('07:05');
    expect(formatWhen({ date: null, time: null })).toBeUndefined();
  });
});
