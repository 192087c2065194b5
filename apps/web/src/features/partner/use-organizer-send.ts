import { operationKeys } from '@gallop/api-client/query';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type RefObject } from 'react';
import { useApi } from '../../lib/api';
import { organizerBookingQuery } from './api';
import { answerFailure, type AnswerFailure } from './answer';

/**
 * Sending one of the organizer's answers about booking `bookingId` (a booking's answer, or a
 * decision on its whole date): one at a time, whatever the clicks; on failure the kind of
 * `AnswerFailure` says where it shows. A conflict (someone got there first: the traveller, a
 * deadline, another member) reads the booking again so the page shows what is true now, and marks
 * the area's lists stale, which still show it as it was (back on /partner/bookings within their
 * minute of freshness they would); a refused reason puts the focus back on the reason field.
 */
export function useOrganizerSend<Action extends string>(
  bookingId: number,
  reasonField: RefObject<HTMLTextAreaElement | null>,
) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [sending, setSending] = useState<Action | undefined>();
  const [failure, setFailure] = useState<AnswerFailure | undefined>();
  const inFlight = useRef(false);

  /** Runs `call` as `action`; `done` after it worked, `moved` after a conflict. */
  const send = async (
    action: Action,
    call: () => Promise<unknown>,
    { done, moved }: { done: () => void; moved: () => void },
  ) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setSending(action);
    setFailure(undefined);
    try {
      await call();
      done();
    } catch (error) {
      const failed = answerFailure(error);
      setFailure(failed);
      if (failed.kind === 'conflict') {
        moved();
        await Promise.all([
          queryClient.invalidateQueries({
            queryKey: organizerBookingQuery(api, bookingId).queryKey,
          }),
          queryClient.invalidateQueries({ queryKey: operationKeys.listOrganizerBookings }),
        ]);
      } else if (failed.kind === 'reason') {
        reasonField.current?.focus();
      }
    } finally {
      inFlight.current = false;
      setSending(undefined);
    }
  };

  return { api, queryClient, sending, failure, setFailure, send };
}
