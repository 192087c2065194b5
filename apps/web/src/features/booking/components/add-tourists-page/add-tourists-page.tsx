import { Button, Form } from '@gallop/ui-kit';
import { Link } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useApi } from '../../../../lib/api';
import { useSend } from '../../../../lib/use-send';
import { addTourists, touristsInfoQuery, type TouristsInfo, type Traveller } from '../../api';
import { useSubmissions } from '../../idempotency';
import { emptyRider, RiderFields, toTouristInput, type RiderValues } from '../rider-fields';
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
  const { sending, failure, send, done } = useSend<void>();
  const maxTourists = current.max_tourists ?? current.tourists.length;
  const full = current.tourists.length >= maxTourists;
  // A retry of the same rider after a failure whose outcome is unknown reuses its key: the rider
  // is added once.
  const submissions = useSubmissions();

  const submit = (values: RiderValues) =>
    send(async () => {
      const riders = [toTouristInput(values)];
      const updated = await submissions.send(riders, (key) =>
        addTourists(api, current.uuid, riders, key),
      );
      queryClient.setQueryData(touristsInfoQuery(api, current.uuid).queryKey, updated);
      setCurrent(updated);
      setFormKey((key) => key + 1);
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
              <li key={tourist.id ?? tourist.full_name}>{tourist.full_name}</li>
            ))}
          </ol>
          {done && (
            <p className="booking-note" role="status">
              Added. The organizer sees the new rider, and the price follows.
            </p>
          )}
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
          >
            <RiderFields />
            {failure && (
              <p className="booking-form__failure" role="alert">
                {failure}
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
