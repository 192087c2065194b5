import { Button, Form, useFormFields } from '@gallop/ui-kit';
import { Link } from '@tanstack/react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useReducer, useState, type ReactNode } from 'react';
import { partyText } from '../../../../lib/party-text';
import { useApi } from '../../../../lib/api';
import { tourFit, weightRefusal } from '../../../../lib/rider-fit';
import { useSend } from '../../../../lib/use-send';
import { useWeightUnit } from '../../../../lib/weight-unit';
import { formatPrice } from '@gallop/currency';
import type { HeavyPlaces } from '@gallop/rider-fit';
import {
  addTourists,
  bookingByUuidQuery,
  refetchBookings,
  touristsInfoQuery,
  type BookingRequest,
  type TouristInput,
  type TouristsInfo,
  type Traveller,
} from '../../api';
import { useSubmissions } from '../../../../lib/idempotency';
import { travellersText } from '../booking-summary/booking-summary';
import { PassportFill } from '../passport-fill';
import {
  RiderFitNote,
  singleLevelStop,
  useLevelStop,
  type SingleLevelStop,
} from '../rider-fit-note';
import {
  ageRefusal,
  emptyRider,
  hasFitValues,
  RiderFields,
  riderProblems,
  riderProfile,
  toTouristInput,
  useRiderProfiles,
  type RiderValues,
} from '../rider-fields';
import { addedCost, companionPlace, type CostedBooking, type NewTraveller } from './added-cost';
import '../booking.css';

/**
 * `/order/{id}/add-tourists?uuid=`: one more rider for a booking, opened by its link key, or a
 * companion who comes along without riding where the booking has an agreed non-rider price and
 * its date a bed left (decision 118). Only the booking's owner adds them: signed out, the page
 * first asks to prove the booking's e-mail with a one-time code (`emailProof`, composed by the
 * route), which signs in as its owner. While the form is filled it says the booking's new total
 * and what will be left to pay (decision 154); the seat or bed is taken from the date at once.
 */
export function AddTouristsPage({
  info,
  user,
  emailProof,
}: {
  info: TouristsInfo;
  user: Traveller | undefined;
  emailProof: ReactNode;
}) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [current, setCurrent] = useState(info);
  const [formKey, setFormKey] = useState(0);
  const { sending, failure, error, send, done } = useSend<BookingRequest | undefined>();
  // The new rider is sent alone: the API names them `tourists.0`.
  const problems = useMemo(() => riderProblems(error, failure, 0), [error, failure]);
  const [refused, setRefused] = useState<Record<string, string> | undefined>();
  // A rider two or more levels short is stopped once, kindly, as on the booking form.
  const levelStop = useLevelStop();
  const weightUnit = useWeightUnit();
  // Every tourist counts, riders and non-riders alike: the API adds one per free seat.
  const maxTourists = current.max_tourists ?? current.tourists.length;
  const seatLeft = current.tourists.length < maxTourists;
  // The booking as it stands (its price, what is paid, its date): read by the link key; the
  // page works without it, it then neither previews the cost nor offers a companion.
  const { data: booking } = useQuery(bookingByUuidQuery(api, current.uuid));
  const companion = companionPlace(booking, current.tour.riding.non_riders_welcome !== false);
  const [chosen, setChosen] = useState<NewTraveller>('rider');
  const adding: NewTraveller | undefined =
    companion === 'bed' && (chosen === 'companion' || !seatLeft)
      ? 'companion'
      : seatLeft
        ? 'rider'
        : undefined;
  // Ages count on the booking's first day once it is known, from today until then.
  const firstDay = booking?.tour_date?.start ?? today();
  // A retry of the same rider after a failure whose outcome is unknown reuses its key: the rider
  // is added once.
  const submissions = useSubmissions();

  const submit = (values: RiderValues) => {
    const rides = adding !== 'companion';
    // Everyone meets the tour's minimum age, a rider its riding ages (decision 154): said on the
    // field, as the API would refuse it.
    const age =
      booking?.tour_date &&
      ageRefusal(
        values.birthday,
        booking.tour_date.start,
        { ...current.tour.riding, min_age: current.tour.min_age },
        rides,
      );
    if (!rides) {
      setRefused(age ? { birthday: age } : undefined);
      if (age) return;
      // A companion keeps no weight, level, tack nor hours (decision 118).
      const {
        weight: _weight,
        level: _level,
        tack: _tack,
        hours_per_day: _hours,
        ...person
      } = toTouristInput(values);
      return sendTravellers([{ ...person, rides: false }]);
    }
    // No horse of the tour carries this weight: the API would refuse it; say it on the field.
    const rider = riderProfile(values, firstDay);
    const fit = tourFit(rider, current.tour.riding, {
      heavy: dateHeavyPlaces(booking),
      weightUnit,
      riderName: values.first_name.trim() || NEW_RIDER,
    });
    const refusal = weightRefusal(fit);
    const refusals = { ...(age ? { birthday: age } : {}), ...(refusal ? { weight: refusal } : {}) };
    setRefused(Object.keys(refusals).length > 0 ? refusals : undefined);
    if (age || refusal || levelStop.stops(fit, rider.level)) return;
    return sendTravellers([toTouristInput(values)]);
  };

  const sendTravellers = (riders: TouristInput[]) =>
    send(async () => {
      const updated = await submissions.send(riders, (key) =>
        addTourists(api, current.uuid, riders, key),
      );
      queryClient.setQueryData(touristsInfoQuery(api, current.uuid).queryKey, updated);
      setCurrent(updated);
      setFormKey((key) => key + 1);
      setChosen('rider');
      levelStop.reset();
      // The booking's new price and what is due now: read again, as its page will show them.
      await refetchBookings(queryClient);
      try {
        return await queryClient.fetchQuery(bookingByUuidQuery(api, current.uuid));
      } catch (failed) {
        // The rider is added either way; the booking's page has the price.
        console.warn('Add a rider: could not read the booking’s new price', failed);
        return undefined;
      }
    });

  return (
    <div className="page-container booking-layout">
      <section aria-labelledby="add-tourists-title">
        <h1 id="add-tourists-title" className="display-heading booking-title">
          Add a rider
        </h1>
        <p className="booking-lead">
          Booking #{current.request_id} ·{' '}
          <Link to="/$slug" params={{ slug: current.tour.slug }}>
            {current.tour.name}
          </Link>
        </p>
        <div className="booking-section">
          <h2 className="booking-section__title">Riders</h2>
          <ol className="booking-list">
            {current.tourists.map((tourist) => (
              <li key={tourist.id ?? tourist.full_name}>
                {tourist.rides === false
                  ? `${tourist.full_name}, comes along without riding`
                  : tourist.full_name}
              </li>
            ))}
          </ol>
          {done && (
            <Added requestId={current.request_id} uuid={current.uuid} booking={done.result} />
          )}
        </div>
        {!seatLeft && <p className="booking-lead">No more seats are free on this date.</p>}
        {/* A full date is no dead end: the way back, unless the note of the rider just added
            already gives it. */}
        {!seatLeft && !done && (
          <p className="booking-actions">
            <BackToBooking id={current.request_id} uuid={current.uuid} signedIn={!!user} />
          </p>
        )}
        {adding === undefined ? null : !user ? (
          <section className="booking-notice" aria-labelledby="add-tourists-proof-title">
            <h2 id="add-tourists-proof-title" className="booking-notice__title">
              Confirm the booking's e-mail to add a rider
            </h2>
            <p className="booking-notice__text">
              Riders change the booking and its price, so only the person who booked adds them.
              Enter the e-mail address the booking was made with: we send it a one-time code, and
              signing in with it brings you back here.
            </p>
            {emailProof}
          </section>
        ) : (
          <Form<RiderValues>
            key={formKey}
            className="booking-form"
            defaultValues={emptyRider()}
            onSubmit={submit}
            errors={refused ?? problems.fields}
          >
            {companion === 'bed' && seatLeft && (
              <TravellerChoice adding={adding} onChoose={setChosen} />
            )}
            {adding === 'companion' ? (
              <NewCompanion booking={booking} />
            ) : (
              <NewRider
                tour={current.tour}
                levelStop={levelStop}
                firstDay={firstDay}
                booking={booking}
              />
            )}
            {companion === 'ask' && (
              <p className="booking-note">
                Write to the organizer to bring a companion who does not ride on this booking.
              </p>
            )}
            {problems.message && (
              <p className="booking-form__failure" role="alert">
                {problems.message}
              </p>
            )}
            <Button type="submit" theme="primary" disabled={sending}>
              {sending ? 'Adding…' : adding === 'companion' ? 'Add companion' : 'Add rider'}
            </Button>
          </Form>
        )}
      </section>
    </div>
  );
}

/**
 * After a rider is added: the booking's new total and what is due now, with the way back to the
 * booking's page (and to paying, when something is due).
 */
function Added({
  requestId,
  uuid,
  booking,
}: {
  requestId: number | undefined;
  uuid: string;
  booking: BookingRequest | undefined;
}) {
  const id = booking?.id ?? requestId;
  const money = (amount: number) => formatPrice(amount, booking?.currency ?? 'USD');
  const paid = booking?.paid ?? 0;
  const due = booking ? Math.max(booking.price - paid, 0) : 0;
  return (
    <div className="booking-note" role="status">
      <p>
        Added. The organizer sees the new rider.
        {booking && (
          <>
            {' '}
            New total: {money(booking.price)} for {travellersText(booking)}.{' '}
            {due > 0
              ? `Paid ${money(paid)}, left to pay: ${money(due)}.`
              : `Paid ${money(paid)}: nothing more is due.`}
          </>
        )}
      </p>
      {id !== undefined && (
        <p className="booking-actions">
          <BackToBooking id={id} uuid={uuid} signedIn />
          {booking?.can_pay && due > 0 && (
            <Link to="/booking/pay/$id" params={{ id: String(id) }}>
              Pay {money(due)}
            </Link>
          )}
        </p>
      )}
    </div>
  );
}

/**
 * "Back to booking #5": to the booking's page by its number, which needs its owner signed in, or
 * by the link key this page was opened with.
 */
function BackToBooking({
  id,
  uuid,
  signedIn,
}: {
  id: number | undefined;
  uuid: string;
  signedIn: boolean;
}) {
  const label = id === undefined ? 'Back to the booking' : `Back to booking #${id}`;
  return signedIn && id !== undefined ? (
    <Link to="/booking/$id" params={{ id: String(id) }}>
      {label}
    </Link>
  ) : (
    <Link to="/booking/uuid/$uuid" params={{ uuid }}>
      {label}
    </Link>
  );
}

/**
 * The heavier-horse places the booking's date has free, as the booking form counts them (decision
 * 106): the new rider holds none yet. Unknown until the booking is read: then the limits only.
 */
function dateHeavyPlaces(booking: CostedBooking | undefined): HeavyPlaces | undefined {
  const free = booking?.tour_date?.heavy_places_free;
  return free === undefined ? undefined : { free, scope: 'date' };
}

/** The rider being added, before a first name is typed ("The new rider weighs 102 kg"). */
const NEW_RIDER = 'The new rider';

/** Today as `YYYY-MM-DD`: ages count from now until the booking's first day is known. */
const today = () => new Date().toISOString().slice(0, 10);

/** Rider or companion, where the booking can take either. */
function TravellerChoice({
  adding,
  onChoose,
}: {
  adding: NewTraveller;
  onChoose: (adding: NewTraveller) => void;
}) {
  const options: { value: NewTraveller; label: string }[] = [
    { value: 'rider', label: 'Rides' },
    { value: 'companion', label: 'Comes along without riding' },
  ];
  return (
    <fieldset className="booking-section">
      <legend className="booking-section__title">Who is joining</legend>
      {options.map((option) => (
        <label key={option.value} className="booking-date">
          <input
            type="radio"
            name="adding"
            value={option.value}
            checked={adding === option.value}
            onChange={() => onChoose(option.value)}
          />
          <span>{option.label}</span>
        </label>
      ))}
    </fieldset>
  );
}

/**
 * What adding costs, as the traveller fills the form: the booking's new total for everyone it
 * then takes, and what will be left to pay (`addedCost`). Nothing until the booking is read.
 */
function AddedCostLine({
  booking,
  adding,
  name,
}: {
  booking: CostedBooking | undefined;
  adding: NewTraveller;
  name: string;
}) {
  const cost = booking && addedCost(booking, adding, today());
  if (!cost) return null;
  const money = (amount: number) => formatPrice(amount, cost.currency);
  return (
    <p className="booking-note" aria-live="polite">
      With {name}: new total {money(cost.total)} for {partyText(cost.riders, cost.nonRiders)}.{' '}
      {cost.paid > 0
        ? `Paid ${money(cost.paid)}, left to pay: ${money(cost.left)}.`
        : `Left to pay: ${money(cost.left)}.`}
    </p>
  );
}

/** The companion being added: the fields of a traveller who does not ride, and the cost. */
function NewCompanion({ booking }: { booking: CostedBooking | undefined }) {
  const fields = useFormFields();
  const [, refresh] = useReducer((version: number) => version + 1, 0);
  const firstName = String(fields.get('first_name') ?? '').trim();
  return (
    <div className="rider-fields__group" onChange={refresh}>
      <RiderFields rides={false} />
      <AddedCostLine booking={booking} adding="companion" name={firstName || 'the companion'} />
    </div>
  );
}

/**
 * The new rider's fields, the passport fill buttons, how the rider fits the tour as they type and,
 * when a send stopped for their level, the stop with "Add anyway". A weight between the two
 * limits counts on the date's heavier horses left, once the booking is read.
 */
function NewRider({
  tour,
  levelStop,
  firstDay,
  booking,
}: {
  tour: TouristsInfo['tour'];
  levelStop: SingleLevelStop;
  firstDay: string;
  booking: CostedBooking | undefined;
}) {
  const fields = useFormFields();
  const weightUnit = useWeightUnit();
  const {
    riders: [rider],
    refresh,
  } = useRiderProfiles([''], firstDay);
  const typedName = String(fields.get('first_name') ?? '').trim();
  const firstName = typedName || NEW_RIDER;
  const fit =
    rider && hasFitValues(rider)
      ? tourFit(rider, tour.riding, {
          heavy: dateHeavyPlaces(booking),
          weightUnit,
          riderName: firstName,
        })
      : undefined;
  return (
    <div className="rider-fields__group" onChange={refresh}>
      <PassportFill onFilled={refresh} />
      <RiderFields />
      <RiderFitNote
        fit={fit}
        stop={singleLevelStop(levelStop, {
          fit,
          who: firstName,
          riderLevel: rider?.level,
          tourLevel: tour.riding.level,
          actionLabel: 'Add anyway',
        })}
      />
      <AddedCostLine booking={booking} adding="rider" name={typedName || 'the new rider'} />
    </div>
  );
}
