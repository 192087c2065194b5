import { formatPrice } from '@gallop/currency';
import { Button, Modal } from '@gallop/ui-kit';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useApi } from '../../../../lib/api';
import { failureText } from '../../../../lib/failure-text';
import { cancelBookingAsSupport, relatedBookingsQuery, type RelatedBooking } from '../../api';

/**
 * "US$600 of US$2,000 paid" (or refunded), for support deciding what a cancel gives back. The
 * status is the strip's badge beside it, so it is not said again here.
 */
export function supportBookingState(booking: RelatedBooking): string {
  const paid = booking.paid ?? 0;
  const refunded = booking.refunded ?? 0;
  if (refunded > 0) return `${formatPrice(refunded, booking.currency)} refunded`;
  const price = formatPrice(booking.price, booking.currency);
  return paid > 0
    ? `${formatPrice(paid, booking.currency)} of ${price} paid`
    : `${price}, nothing paid`;
}

/**
 * Support's part of a booking beside a chat: its money, and while it is open (waiting,
 * confirmed or paid) a cancel with a reason, which refunds everything paid (decisions: booking
 * lifecycle, support cancels → 8). Support reads no booking page, so nothing links there.
 */
export function SupportBooking({ booking, chatId }: { booking: RelatedBooking; chatId: number }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const ids = { reason: useId(), problem: useId() };
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);
  const cancellable = booking.status <= 3;

  const close = () => {
    setOpen(false);
    setProblem(undefined);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    if (reason.trim() === '') {
      setProblem('Write the reason: the traveller and the organizer read it.');
      field.current?.focus();
      return;
    }
    setSending(true);
    setProblem(undefined);
    try {
      await cancelBookingAsSupport(api, booking.id, reason.trim());
      setOpen(false);
      setReason('');
    } catch (error) {
      setProblem(failureText(error));
    } finally {
      setSending(false);
      // Cancelled here or elsewhere meanwhile: show the booking as it is now.
      await queryClient.invalidateQueries({ queryKey: relatedBookingsQuery(api, chatId).queryKey });
    }
  };

  return (
    <>
      <span className="chat-bookings__meta" data-testid="support-booking-state">
        {supportBookingState(booking)}
      </span>
      {cancellable && (
        <Button theme="ghost" size="sm" onClick={() => setOpen(true)}>
          Cancel as support
        </Button>
      )}
      <Modal
        isOpen={open}
        onClose={close}
        title={`Cancel booking #${booking.id}`}
        persistent
        footer={
          <>
            <Button theme="ghost" disabled={sending} onClick={close}>
              Keep booking
            </Button>
            <Button type="submit" form={ids.reason + '-form'} theme="danger" loading={sending}>
              Cancel booking
            </Button>
          </>
        }
      >
        <form id={ids.reason + '-form'} onSubmit={(event) => void submit(event)} noValidate>
          <p>
            {(booking.paid ?? 0) > 0
              ? `The seats are released and everything paid (${formatPrice(booking.paid ?? 0, booking.currency)}) is refunded to the traveller’s card.`
              : 'The seats are released; nothing was paid, so nothing is refunded.'}{' '}
            The traveller and the organizer are told, with your reason.
          </p>
          <label htmlFor={ids.reason} className="chat-support__label">
            Reason for the traveller and the organizer
          </label>
          <textarea
            id={ids.reason}
            ref={field}
            className="gk-input chat-support__reason"
            rows={4}
            maxLength={2000}
            required
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? ids.problem : undefined}
          />
          {problem && (
            <p id={ids.problem} className="chat-support__problem" role="alert">
              {problem}
            </p>
          )}
        </form>
      </Modal>
    </>
  );
}
