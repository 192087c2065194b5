/**
 * Gallop support's part of the booking lifecycle (decisions: support or admin cancels, → 8): an
 * account with the support role cancels a booking with a reason; everything paid goes back and
 * the traveller, the organizer and support are told (`cancellations.ts`, `notices.ts`).
 */
import type { ServiceHandlers } from '#src/contract.ts';
import type { Database } from '#src/db/client.ts';
import { HttpError, notFound } from '#src/http/http-error.ts';
import { requireSigned } from '#src/modules/sessions/index.ts';
import { requestCurrency } from '#src/shared/money/request-currency.ts';
import type { RatesCache } from '#src/shared/money/rates.ts';
import { cancelAndSettle } from './cancellations.ts';
import { requiredReason } from './organizer-answers.ts';
import type { BookingPayments } from './payments-port.ts';
import { CONTRACT_STATUS, findRequest, toBookingRequest } from './records.ts';

export interface SupportBookingDeps {
  db: Database;
  rates: RatesCache;
  content?: { publicUrl?: string | undefined } | undefined;
  /** Voids the payments a cancel closes, sends its refunds. */
  payments: BookingPayments;
  now?: () => Date;
}

const DEFAULT_PUBLIC_URL = 'http://127.0.0.1:3000';

export function supportBookingHandlers(
  deps: SupportBookingDeps,
): Pick<ServiceHandlers, 'cancelBookingAsSupport'> {
  const { db } = deps;
  const publicUrl = deps.content?.publicUrl ?? DEFAULT_PUBLIC_URL;
  const now = deps.now ?? (() => new Date());
  return {
    async cancelBookingAsSupport(request) {
      const { user } = await requireSigned(db, request);
      if (user.role !== 'support') throw new HttpError(403, 'Only Gallop support can do this');
      const reason = requiredReason(request.body.reason);
      const row = await findRequest(db, request.body.id);
      if (!row) throw notFound('Booking request not found');
      const at = now();
      const result = await cancelAndSettle(
        {
          db,
          payments: deps.payments,
          publicUrl,
          onRefundPending: (error) =>
            request.log.warn({ err: error, requestId: row.id }, 'refund left pending'),
        },
        row.id,
        {
          event: 'support-cancels',
          actor: 'support',
          now: at,
          changes: (locked) => ({
            contractStatus:
              locked.paid > 0 ? CONTRACT_STATUS.terminatedAfterPayment : CONTRACT_STATUS.noPayments,
            cancelMessage: reason,
            canceledAt: at,
          }),
          notify: { publicUrl },
        },
      );
      const rates = await deps.rates.get();
      return toBookingRequest(db, result.row, {
        reader: 'support',
        currency: requestCurrency(request, rates),
        rates,
        now: at,
      });
    },
  };
}
