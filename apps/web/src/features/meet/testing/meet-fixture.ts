import type { MeetData } from '../api';

/** Meet data as `/spa/contract-organizer-meet-data` answers it; override what a test is about. */
export function meetFixture(overrides: Partial<MeetData> = {}): MeetData {
  return {
    tour_data: {
      name: 'Altai Horse Trek to the Multinskiye Lakes',
      slug: 'altai-horse-trek-to-the-multinskiye-lakes-12',
      dates: '12–19 Jul 2026',
      date_start: '2026-07-12',
      date_end: '2026-07-19',
    },
    request_id: 4821,
    contract_id: 1907,
    organizer_meet_data: null,
    tourists_data: {
      data: [
        {
          tourists: [
            { id: 1, name: 'Anna Petrova', rides: true },
            { id: 2, name: 'Mark Petrov', rides: true },
          ],
          arrival: {
            transport_type: 1,
            flight_number: 'S7 2519',
            airport_name: 'Gorno-Altaysk',
            date: '2026-07-12',
            time: '09:40',
          },
          departure: {
            transport_type: 2,
            train_number: '016A',
            station_name: 'Biysk',
            date: '2026-07-19',
          },
        },
        { tourists: [{ id: 3, name: 'Lena Sokolova', rides: true }] },
      ],
    },
    meet_data_templates: [
      {
        name: 'Meeting at the airport',
        template: 'We meet you at the arrivals hall of Gorno-Altaysk airport.',
      },
      { name: 'Meeting at the base', template: 'We meet at the Chemal riding base at 10:00.' },
    ],
    files: [{ id: 31, name: 'route-map.pdf', url: '/media/meet/31/route-map.pdf' }],
    ...overrides,
  };
}
