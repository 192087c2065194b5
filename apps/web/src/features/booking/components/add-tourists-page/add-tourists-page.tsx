import { Button, Field, Form } from '@gallop/ui-kit';
import { Link } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useApi } from '../../../../lib/api';
import { useSend } from '../../../../lib/use-send';
import { addTourists, type TouristsInfo } from '../../api';
import { useSubmissions } from '../../idempotency';
import '../booking.css';

interface Values {
  first_name: string;
  last_name: string;
  birthday: string;
  weight: string;
}

const EMPTY: Values = { first_name: '', last_name: '', birthday: '', weight: '' };

/**
 * `/order/{id}/add-tourists?uuid=`: one more rider for a booking, opened by its link key (a friend
 * joins; no sign-in needed). The seat is taken from the date at once.
 */
export function AddTouristsPage({ info }: { info: TouristsInfo }) {
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

  const submit = (values: Values) =>
    send(async () => {
      const riders = [
        {
          first_name: values.first_name.trim(),
          last_name: values.last_name.trim(),
          ...(values.birthday ? { birthday: values.birthday } : {}),
          ...(values.weight ? { weight: Number(values.weight) } : {}),
        },
      ];
      const updated = await submissions.send(riders, (key) =>
        addTourists(api, current.uuid, riders, key),
      );
      queryClient.setQueryData(['tourists-info', current.uuid], updated);
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
        ) : (
          <Form<Values>
            key={formKey}
            className="booking-form"
            defaultValues={EMPTY}
            onSubmit={submit}
          >
            <div className="booking-form__row">
              <Field name="first_name" label="First name" rules="required|max:100" />
              <Field name="last_name" label="Last name" rules="required|max:100" />
            </div>
            <div className="booking-form__row">
              <Field name="birthday" label="Date of birth" type="date" />
              <Field
                name="weight"
                label="Weight, kg"
                type="number"
                hint="Helps the organizer choose a horse."
                rules="minValue:20|maxValue:200"
              />
            </div>
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
