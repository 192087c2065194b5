import { useCurrency } from '@gallop/currency/react';
import { Button, Field, Form } from '@gallop/ui-kit';
import { useRouter } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useApi } from '../../../../lib/api';
import { subscriberIdCookie, subscriberIdFromCookies } from '../../../../lib/subscriber';
import { useSend } from '../../../../lib/use-send';
import { subscribeToTour } from '../../actions';
import { individualTourUuid } from './individual-tour-uuid';
import './tour-follow.css';
import { ConsentNote } from '../../../../components/consent-note/consent-note';

export interface FollowTourFormProps {
  tour: { id: number; name: string };
  /** `row`: the field and the button side by side on wide screens (the card); `stack` (a modal). */
  layout?: 'row' | 'stack';
  /** Shown under the confirmation as a 'Done' button (a modal closes with it). */
  onDone?: () => void;
}

/**
 * Following a tour by e-mail (`/spa/subscribe-tour-program`): the programme now, new dates later,
 * once the address is proven (the signed-in visitor's own confirmed address follows at once; any
 * other gets a link to confirm first, and the form says so). Sends the visitor's currency, the
 * `subscriber_id` cookie and, on an individual offer's page, its uuid; keeps the id the API
 * answers in the cookie for 180 days. A refusal shows under the field; what was typed stays.
 */
export function FollowTourForm({ tour, layout = 'stack', onDone }: FollowTourFormProps) {
  const api = useApi();
  const router = useRouter();
  const { currency } = useCurrency();
  const { sending, failure, done, send } = useSend<{ email: string; following: boolean }>();
  const confirmation = useRef<HTMLDivElement>(null);
  // Before hydration a press would submit the server's HTML form natively (a GET with the
  // e-mail in the address): the button waits for React. (Not `useHydrated`: importing it here
  // would split it out of the search page's chunk and grow the first load's preload lists.)
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  // The form gives way to the confirmation: focus follows, so keyboard users are not lost.
  useEffect(() => {
    if (done) confirmation.current?.focus();
  }, [done]);

  const submit = ({ email }: { email: string }) =>
    send(async () => {
      const trimmed = email.trim();
      const { subscriberId, following } = await subscribeToTour(api, {
        tourId: tour.id,
        email: trimmed,
        currency,
        subscriberId: subscriberIdFromCookies(document.cookie),
        uuid: individualTourUuid(router.state.matches),
      });
      if (subscriberId) {
        document.cookie = subscriberIdCookie(subscriberId, window.location.protocol === 'https:');
      }
      return { email: trimmed, following };
    });

  if (done) {
    return (
      <div ref={confirmation} className="tour-follow__done" role="status" tabIndex={-1}>
        {done.result.following ? (
          <>
            <p className="tour-follow__done-title">You are following this tour</p>
            <p>
              The programme of <strong>{tour.name}</strong> is on its way to{' '}
              <strong>{done.result.email}</strong>. We will write there when new dates open.
            </p>
          </>
        ) : (
          <>
            <p className="tour-follow__done-title">Check your inbox</p>
            <p>
              We sent a link to <strong>{done.result.email}</strong>. Open it and press Follow: the
              programme of <strong>{tour.name}</strong> comes then, and a note when new dates open.
            </p>
          </>
        )}
        {onDone && <Button onClick={onDone}>Done</Button>}
      </div>
    );
  }

  return (
    <Form<{ email: string }>
      className={`tour-follow__form tour-follow__form--${layout}`}
      defaultValues={{ email: '' }}
      onSubmit={submit}
    >
      <div className="tour-follow__fields">
        <Field
          name="email"
          label="E-mail"
          type="email"
          autoComplete="email"
          rules="required|email"
          className="tour-follow__email"
        />
        <Button
          type="submit"
          theme="primary"
          loading={sending}
          disabled={!hydrated}
          className="tour-follow__submit"
        >
          {sending ? 'Sending…' : 'Follow'}
        </Button>
      </div>
      {failure && (
        <p className="tour-follow__failure" role="alert">
          {failure}
        </p>
      )}
      <ConsentNote action="By following" className="tour-follow__terms" />
    </Form>
  );
}
