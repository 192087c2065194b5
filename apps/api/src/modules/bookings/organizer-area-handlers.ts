/**
 * The signed-in organizer area's calls (issue 42, `paths/partner.yaml`): thin mappings of HTTP to
 * the services of `organizer-area.ts`. Not signed in is a 401, as every `/crm/api` call.
 */
import type { FastifyRequest } from 'fastify';
import type { ServiceHandlers } from '#src/contract.ts';
import type { Database } from '#src/db/client.ts';
import { idempotencyKeyOf } from '#src/http/idempotency.ts';
import { requireSigned } from '#src/modules/sessions/index.ts';
import {
  answerAsMember,
  cancelAsMember,
  listOrganizerBookings,
  organizerBookingNow,
  toOrganizerBooking,
  type OrganizerAreaDeps,
} from './organizer-area.ts';
import { cancelDeparture, guaranteeDeparture } from './departures.ts';
import type { BookingPayments } from './payments-port.ts';
import { DEFAULT_HOLD_HOURS, type RequestRow } from './records.ts';

type OrganizerAreaOperation =
  | 'listOrganizerBookings'
  | 'getOrganizerBooking'
  | 'confirmOrganizerBooking'
  | 'declineOrganizerBooking'
  | 'cancelOrganizerBooking'
  | 'guaranteeOrganizerDeparture'
  | 'cancelOrganizerDeparture';

export interface OrganizerAreaHandlerDeps {
  db: Database;
  content?: { publicUrl?: string | undefined } | undefined;
  now?: () => Date;
  /** Hours a confirmed, unpaid booking holds its seats (`BOOKING_HOLD_HOURS`). */
  bookingHoldHours?: number | undefined;
  /** Voids the payments an organizer's cancel closes, sends its refunds. */
  payments: BookingPayments;
  /** Signs the members' meet page keys (read when used). */
  bookingLinkSecret: () => string;
}

const DEFAULT_PUBLIC_URL = 'http://127.0.0.1:3000';

export function organizerAreaHandlers(
  deps: OrganizerAreaHandlerDeps,
): Pick<ServiceHandlers, OrganizerAreaOperation> {
  const { db } = deps;
  const area: OrganizerAreaDeps = {
    db,
    publicUrl: deps.content?.publicUrl ?? DEFAULT_PUBLIC_URL,
    holdHours: deps.bookingHoldHours ?? DEFAULT_HOLD_HOURS,
    now: deps.now ?? (() => new Date()),
    payments: deps.payments,
    linkSecret: deps.bookingLinkSecret,
  };
  const signedUser = async (request: FastifyRequest) => (await requireSigned(db, request)).user;
  const shown = (row: RequestRow) => toOrganizerBooking(area, row, area.now());

  return {
    async listOrganizerBookings(request) {
      const user = await signedUser(request);
      return listOrganizerBookings(db, user.id, {
        filter: request.query.status ?? 'active',
        page: request.query.page ?? 1,
        perPage: request.query['per-page'] ?? 20,
        now: area.now(),
      });
    },

    async getOrganizerBooking(request) {
      const user = await signedUser(request);
      return organizerBookingNow(area, user.id, request.query.id, area.now());
    },

    async confirmOrganizerBooking(request) {
      const user = await signedUser(request);
      const result = await answerAsMember(area, user.id, request.body.id, { answer: 'confirm' });
      return shown(result.row);
    },

    async declineOrganizerBooking(request) {
      const user = await signedUser(request);
      const { id, reason } = request.body;
      const result = await answerAsMember(area, user.id, id, { answer: 'decline', reason });
      return shown(result.row);
    },

    async cancelOrganizerBooking(request) {
      const user = await signedUser(request);
      const { id, reason } = request.body;
      const idempotencyKey = idempotencyKeyOf(request);
      return cancelAsMember(area, { userId: user.id, id, reason, idempotencyKey });
    },

    async guaranteeOrganizerDeparture(request) {
      const user = await signedUser(request);
      const idempotencyKey = idempotencyKeyOf(request);
      return guaranteeDeparture(area, { userId: user.id, dateId: request.body.id, idempotencyKey });
    },

    async cancelOrganizerDeparture(request) {
      const user = await signedUser(request);
      const { id, reason } = request.body;
      const idempotencyKey = idempotencyKeyOf(request);
      return cancelDeparture(area, { userId: user.id, dateId: id, reason, idempotencyKey });
    },
  };
}
