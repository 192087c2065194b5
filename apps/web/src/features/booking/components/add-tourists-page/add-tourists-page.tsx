import { Button, Form, useFormFields } from '@gallop/ui-kit';
import { Link } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { useApi } from '../../../../lib/api';
import { tourFit, weightRefusal } from '../../../../lib/rider-fit';
import { useSend } from '../../../../lib/use-send';
import { useWeightUnit } from '../../../../lib/weight-unit';
import { formatPrice } from '@gallop/currency';
import {
  addTourists,
  bookingByUuidQuery,
  refetchBookings,
  touristsInfoQuery,
  type BookingRequest,
  type TouristsInfo,
  type Traveller,
} from '../../api';
import { useSubmissions } from '../../idempotency';
import { travellersText } from '../booking-summary/booking-summary';
import { PassportFill } from '../passport-fill';
import {
  RiderFitNote,
  singleLevelStop,
  useLevelStop,
  type SingleLevelStop,
} from '../rider-fit-note';
import {
  emptyRider,
  hasFitValues,
  RiderFields,
  riderProblems,
  riderProfile,
  toTouristInput,
  useRiderProfiles,
  type RiderValues,
} from '../rider-fields';
import '../booking.css';

/**
 * `/order/{id}/add-tourists?uuid=`: one more rider for a booking, opened by its link key. Only
 * the booking's owner adds riders: signed out, the page first asks to prove the booking's e-mail
 * with a one-time code (`emailProof`, composed by the route), which signs in as its owner. The
 * seat is taken from the date at once.
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
  const full = current.tourists.length >= maxTourists;
  // A retry of the same rider after a failure whose outcome is unknown reuses its key: the rider
  // is added once.
  const submissions = useSubmissions();

  const submit = (values: RiderValues) => {
    // No horse of the tour carries this weight: the API would refuse it; say it on the field.
    const rider = riderProfile(values, today());
    const fit = tourFit(rider, current.tour.riding, {
      weightUnit,
      riderName: values.first_name.trim() || NEW_RIDER,
    });
    const refusal = weightRefusal(fit);
    setRefused(refusal ? { weight: refusal } : undefined);
    if (refusal || levelStop.stops(fit, rider.level)) return;
    return send(async () => {
      const riders = [toTouristInput(values)];
      const updated = await submissions.send(riders, (key) =>
        addTourists(api, current.uuid, riders, key),
      );
      queryClient.setQueryData(touristsInfoQuery(api, current.uuid).queryKey, updated);
      setCurrent(updated);
      setFormKey((key) => key + 1);
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
  };

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
          {done && <Added requestId={current.request_id} booking={done.result} />}
        </div>
        {full ? (
          <p className="booking-lead">No more seats are free on this date.</p>
        ) : !user ? (
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
            <NewRider tour={current.tour} levelStop={levelStop} />
            {problems.message && (
              <p className="booking-form__failure" role="alert">
                {problems.message}
              </p>
            )}
            <Button type="submit" theme="primary" disabled={sending}>
              {sending ? 'Adding…' : 'Add rider'}
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
  booking,
}: {
  requestId: number | undefined;
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
          <Link to="/booking/$id" params={{ id: String(id) }}>
            Back to booking #{id}
          </Link>
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

/** The rider being added, before a first name is typed ("The new rider weighs 102 kg"). */
const NEW_RIDER = 'The new rider';

/** Today as `YYYY-MM-DD`: this page does not know the booking's first day, ages count from now. */
const today = () => new Date().toISOString().slice(0, 10);

/**
 * The new rider's fields, the passport fill buttons, how the rider fits the tour as they type and,
 * when a send stopped for their level, the stop with "Add anyway". This page knows the tour's
 * limits but not the date's heavier horses: a weight between the two limits is checked by the API
 * when the rider is added.
 */
function NewRider({ tour, levelStop }: { tour: TouristsInfo['tour']; levelStop: SingleLevelStop }) {
  const fields = useFormFields();
  const weightUnit = useWeightUnit();
  const {
    riders: [rider],
    refresh,
  } = useRiderProfiles([''], today());
  const firstName = String(fields.get('first_name') ?? '').trim() || NEW_RIDER;
  const fit =
    rider && hasFitValues(rider)
      ? tourFit(rider, tour.riding, { weightUnit, riderName: firstName })
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
    </div>
  );
}
