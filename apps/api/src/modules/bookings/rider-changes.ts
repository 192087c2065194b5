/**
 * Changing a booking's riders outside the booking form: the account's rider list, the
 * questionnaires and the added riders behind the booking's link (`/spa/tourists-info`), and the
 * `TouristsInfo` those pages read. Every change goes through `transitions.ts` under the booking's
 * row lock (409 / 422 from there); adding riders is safe to retry (decision 089).
 */
import type { components } from '@gallop/api-client';
import { CANCELED_STATUSES } from '@gallop/booking-rules';
import { eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { bookingTourists, tourDates } from '#src/db/schema/index.ts';
import { HttpError, notFound, unprocessable } from '#src/http/http-error.ts';
import { actOnce, fingerprintOf } from '#src/http/idempotency.ts';
import { unauthorized } from '#src/modules/sessions/index.ts';
import type { BookingSettings, LinkReader, TravellerView } from './booking-settings.ts';
import { findRequest, forbidden, toBookingRequest, type RequestRow } from './records.ts';
import { refuseRepeatedRiders, refuseRideSwitch, type TouristInput } from './tourists.ts';
import {
  CANNOT_CHANGE,
  changeRiders,
  changeRidersIn,
  conflict,
  type RiderChange,
  type RiderChangeResult,
} from './transitions.ts';

type TouristsInput = components['schemas']['TouristsInput'];
type TouristsInfo = components['schemas']['TouristsInfo'];

export const ADD_RIDERS_SIGN_IN = "Sign in with a code sent to the booking's e-mail to add riders";
export const ADD_RIDERS_OWNER_ONLY = 'Only the account that made this booking can add riders';
export const WEIGHT_OWNER_ONLY =
  "Only the booking's owner can change a rider's weight: sign in with a code sent to the booking's e-mail";
/**
 * Why riders cannot be added to a cancelled booking (decision 199):
 * it says so, as its review link and meeting page do. `CANNOT_CHANGE` stays for a booking whose
 * tour has begun or is over.
 */
export const ADD_RIDERS_CANCELLED = 'This booking was cancelled, so riders can no longer be added';
const gone = (message: string) => new HttpError(410, message);

/** Whether booking `row` was cancelled (5–8): for good, so it is read without a lock. */
const cancelled = (row: Pick<RequestRow, 'status'>) =>
  (CANCELED_STATUSES as readonly number[]).includes(row.status);

/** A change to `wanted` riders, at the settings' clock, hold and links. */
function riderChange(
  settings: BookingSettings,
  wanted: readonly TouristInput[],
  keepMissing: boolean,
): RiderChange {
  return {
    wanted,
    keepMissing,
    now: settings.now(),
    notify: { publicUrl: settings.publicUrl },
    holdHours: settings.holdHours,
    guestDateShare: settings.guestDateShare,
  };
}

/**
 * `changeRiders`, then after its commit the provider is told of the payment it closed (a page
 * opened for the old amount): voided, or, when the payer was faster, credited as far as due and
 * the rest refunded.
 */
async function changeAndSettle(
  settings: BookingSettings,
  id: number,
  change: RiderChange,
): Promise<RiderChangeResult> {
  const changed = await changeRiders(settings.db, id, change);
  await settleClosed(settings, changed.closedPayments);
  return changed;
}

async function settleClosed(
  settings: BookingSettings,
  closed: RiderChangeResult['closedPayments'],
): Promise<void> {
  if (closed.length > 0) await settings.payments.settleVoids(closed, settings.publicUrl);
}

/**
 * 422 when `wanted` turns a rider of booking `row` into a companion or back (`refuseRideSwitch`).
 * Read before the change's transaction: who rides never changes on a stored tourist, so the lock
 * has nothing to add, and a tourist removed meanwhile is the change's own 422.
 */
async function refuseRideSwitchOn(
  db: Database,
  row: RequestRow,
  wanted: readonly TouristInput[],
): Promise<void> {
  if (!wanted.some((t) => t.id !== undefined && t.rides !== undefined)) return;
  const stored = await db
    .select({ id: bookingTourists.id, rides: bookingTourists.rides })
    .from(bookingTourists)
    .where(eq(bookingTourists.requestId, row.id));
  refuseRideSwitch(wanted, stored);
}

/** The riders of a booking change; 409 / 422 from `changeRiders`. */
export async function setRiders(
  settings: BookingSettings,
  row: RequestRow,
  wanted: readonly TouristInput[],
  keepMissing: boolean,
): Promise<RequestRow> {
  refuseRepeatedRiders(wanted);
  await refuseRideSwitchOn(settings.db, row, wanted);
  const changed = await changeAndSettle(
    settings,
    row.id,
    riderChange(settings, wanted, keepMissing),
  );
  return changed.row;
}

/**
 * The booking's tourists, and how many it may have (`max_tourists`): all it has, riders and
 * non-riders, and one more rider for each free seat of its date.
 */
async function touristsInfo(
  { db }: BookingSettings,
  row: RequestRow,
  view: TravellerView,
): Promise<TouristsInfo> {
  const booking = await toBookingRequest(db, row, await view());
  const [date] =
    row.tourDateId === null
      ? []
      : await db
          .select({ seats: tourDates.numberOfFreeSeats })
          .from(tourDates)
          .where(eq(tourDates.id, row.tourDateId));
  return {
    uuid: row.uuid,
    request_id: row.id,
    tour: booking.tour,
    tourists: booking.tourists,
    max_tourists: booking.tourists.length + (date?.seats ?? 0),
  };
}

/**
 * `touristsInfo` while a rider can still be changed; 410 once none can, saying so of a cancelled
 * booking (`ADD_RIDERS_CANCELLED`), else `CANNOT_CHANGE` (the tour is over or has begun).
 */
export async function editableTouristsInfo(
  settings: BookingSettings,
  row: RequestRow,
  view: TravellerView,
): Promise<TouristsInfo> {
  if (cancelled(row)) throw gone(ADD_RIDERS_CANCELLED);
  const info = await touristsInfo(settings, row, view);
  if (!info.tourists.some((t) => t.can_edit)) throw gone(CANNOT_CHANGE);
  return info;
}

export interface QuestionnaireChange {
  row: RequestRow;
  /** The booking the call names (`id`); it must be the link's. */
  id: number;
  body: TouristsInput;
  /** `link`: the caller holds the link alone and may not change weights. */
  reader: LinkReader;
}

/**
 * The questionnaires of the booking's riders, filled in. A weight takes or frees a heavier horse
 * and is private, so only the owner signed in sends one; for anyone else holding the link each
 * rider keeps the weight stored.
 */
export async function fillQuestionnaires(
  settings: BookingSettings,
  { row, id, body, reader }: QuestionnaireChange,
  view: TravellerView,
): Promise<TouristsInfo> {
  if (row.id !== id) throw notFound('Booking request not found');
  const missingId = body.tourists.findIndex((t) => t.id === undefined);
  if (missingId >= 0) {
    throw unprocessable('Choose the tourist to fill in', {
      [`tourists.${missingId}.id`]: ['Required field'],
    });
  }
  refuseRepeatedRiders(body.tourists);
  const byLink = reader === 'link';
  if (byLink && body.tourists.some((t) => t.weight !== undefined && t.weight !== null)) {
    throw forbidden(WEIGHT_OWNER_ONLY);
  }
  await refuseRideSwitchOn(settings.db, row, body.tourists);
  const changed = await changeAndSettle(settings, row.id, {
    ...riderChange(settings, body.tourists, true),
    keepWeights: byLink,
  });
  return touristsInfo(settings, changed.row, view);
}

export interface AddedRiders {
  row: RequestRow;
  /** The signed-in account, if any. */
  signedUserId: number | undefined;
  body: TouristsInput;
  /** The `Idempotency-Key` header, if sent. */
  idempotencyKey: string | undefined;
}

/** New riders on the booking, once per key; its `TouristsInfo` (status 200). */
export async function addRiders(
  settings: BookingSettings,
  { row, signedUserId, body, idempotencyKey }: AddedRiders,
  view: TravellerView,
): Promise<TouristsInfo> {
  const { db } = settings;
  // The link alone does not add riders: its holder signs in as the owner, or proves the
  // owner's e-mail with a one-time code, which joins a guest booking to that account.
  if (signedUserId === undefined) throw unauthorized(ADD_RIDERS_SIGN_IN);
  if (row.userId !== signedUserId) throw forbidden(ADD_RIDERS_OWNER_ONLY);
  // A page opened before the cancellation: 409 as the change's lock answers, saying why. A
  // cancellation racing this call is found under that lock (409 `CANNOT_CHANGE`).
  if (cancelled(row)) throw conflict(ADD_RIDERS_CANCELLED);
  const withId = body.tourists.findIndex((t) => t.id !== undefined);
  if (withId >= 0) {
    throw unprocessable('Only new tourists can be added here', {
      [`tourists.${withId}.id`]: ['Only new tourists can be added here'],
    });
  }
  // Only the request that added them voids the payment its change closed; a replay does nothing.
  const added = await actOnce({
    db,
    scope: 'addTourists',
    owner: `user:${signedUserId}`,
    key: idempotencyKey,
    fingerprint: fingerprintOf({ uuid: row.uuid, body }),
    statusCode: 200,
    act: async (tx) => {
      const changed = await changeRidersIn(tx, row.id, riderChange(settings, body.tourists, true));
      return { id: changed.row.id, done: changed.closedPayments };
    },
    answer: async (id) => touristsInfo(settings, (await findRequest(db, id))!, view),
  });
  if (!added.replayed) await settleClosed(settings, added.done);
  return added.body;
}
