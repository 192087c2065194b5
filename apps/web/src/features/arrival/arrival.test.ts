import { describe, expect, it } from 'vitest';
import {
  arrivalInput,
  formValues,
  problemKey,
  problemsFromApi,
  validateForm,
  validateLeg,
  visibleFields,
  legValues,
} from './arrival';

const info = {
  request_id: 5,
  tourists: [
    {
      tourist_id: 11,
      name: 'Anna Petrova',
      arrival: {
        transport_type: 1 as const,
        flight_number: 'S7 2519',
        date: '2026-07-12',
        time: '09:40',
      },
    },
    { tourist_id: 12, name: 'Mark Petrov' },
  ],
};

describe('arrival form', () => {
  it('fills the form from the saved info, empty legs left unchosen', () => {
    const [anna, mark] = formValues(info);
    expect(anna?.arrival).toMatchObject({
      transport_type: '1',
      flight_number: 'S7 2519',
      time: '09:40',
      airport_name: '',
    });
    expect(anna?.departure.transport_type).toBe('');
    expect(mark?.arrival.transport_type).toBe('');
  });

  it('asks for the fields of the chosen transport', () => {
    expect(visibleFields(legValues(undefined))).toEqual([]);
    expect(visibleFields({ ...legValues(undefined), transport_type: '2' })).toEqual([
      'train_number',
      'station_name',
      'date',
      'time',
      'additional_info',
    ]);
    expect(visibleFields({ ...legValues(undefined), transport_type: '4' })).toEqual([
      'additional_info',
    ]);
  });

  it('checks required fields, lengths, the date and the time', () => {
    const empty = { ...legValues(undefined), transport_type: '1' as const };
    expect(validateLeg(empty)).toEqual({ flight_number: 'Required field', date: 'Required field' });
    expect(
      validateLeg({ ...empty, flight_number: 'X'.repeat(21), date: '12.07.2026', time: '25:00' }),
    ).toEqual({
      flight_number: 'At most 20 characters',
      date: 'A date such as 2026-06-12',
      time: 'A time such as 14:30',
    });
    expect(validateLeg({ ...empty, flight_number: 'SU 1', date: '2026-07-12', time: '' })).toEqual(
      {},
    );
    expect(validateLeg(legValues(undefined))).toEqual({});
  });

  it('keys problems by rider and leg', () => {
    const tourists = formValues(info);
    tourists[1]!.departure.transport_type = '3';
    expect(validateForm(tourists)).toEqual({
      [problemKey(12, 'departure', 'other_transport_name')]: 'Required field',
      [problemKey(12, 'departure', 'date')]: 'Required field',
    });
  });

  it('sends only the riders and legs chosen, with the fields of their transport', () => {
    const tourists = formValues(info);
    tourists[0]!.arrival.station_name = 'left over from a train';
    expect(arrivalInput(tourists)).toEqual({
      tourists: [
        {
          tourist_id: 11,
          arrival: {
            transport_type: 1,
            flight_number: 'S7 2519',
            date: '2026-07-12',
            time: '09:40',
          },
        },
      ],
    });
    expect(
      arrivalInput(formValues({ request_id: 5, tourists: [{ tourist_id: 12, name: 'M' }] })),
    ).toEqual({
      tourists: [],
    });
  });

  it("puts the API's field errors on the rider's fields", () => {
    const tourists = formValues(info);
    expect(
      problemsFromApi(
        {
          'tourists.1.departure.time': ['Invalid time'],
          'tourists.9.arrival.date': ['x'],
          other: ['y'],
        },
        tourists,
      ),
    ).toEqual({ [problemKey(12, 'departure', 'time')]: 'Invalid time' });
  });
});
