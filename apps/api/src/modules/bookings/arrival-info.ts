/**
 * The riders' arrival and departure (`ArrivalInfo`): read by the booking's account, and saved
 * while the booking is active and its date still ahead.
 */
import type { components } from '@gallop/api-client';
import { eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { bookingTourists, tourDates } from '#src/db/schema/index.ts';
import { unprocessable } from '#src/http/http-error.ts';
import { isActive } from '@gallop/booking-rules';
import { todayIso } from '#src/shared/dates.ts';
import type { BookingSettings } from './booking-settings.ts';
import { loadTourists, toArrivalInfo, type RequestRow } from './records.ts';
import { CANNOT_CHANGE, type Transaction } from './transitions.ts';

type ArrivalInfo = components['schemas']['ArrivalInfo'];

export async function arrivalInfo(db: Database, requestId: number): Promise<ArrivalInfo> {
  const tourists = (await loadTourists(db, [requestId])).get(requestId) ?? [];
  return toArrivalInfo(requestId, tourists);
}

/** 422 unless the request is active and its date still ahead (arrival info). */
async function changeableDate({ db, now }: BookingSettings, row: RequestRow) {
  if (!isActive(row.status)) throw unprocessable(CANNOT_CHANGE);
  if (row.tourDateId === null) return;
  const [date] = await db.select().from(tourDates).where(eq(tourDates.id, row.tourDateId));
  if (!date || date.startDate <= todayIso(now())) throw unprocessable(CANNOT_CHANGE);
}

/** Saves the legs sent for the booking's riders; 422 for a rider not of this booking. */
export async function saveArrivalInfo(
  settings: BookingSettings,
  row: RequestRow,
  body: components['schemas']['ArrivalInfoInput'],
): Promise<ArrivalInfo> {
  const { db } = settings;
  await changeableDate(settings, row);
  const existing = (await loadTourists(db, [row.id])).get(row.id) ?? [];
  const ids = new Set(existing.map((t) => t.id));
  const unknown = body.tourists.findIndex((t) => !ids.has(t.tourist_id));
  if (unknown >= 0) {
    throw unprocessable('Unknown tourist', {
      [`tourists.${unknown}.tourist_id`]: ['Unknown tourist'],
    });
  }
  await db.transaction(async (tx: Transaction) => {
    for (const item of body.tourists) {
      const changes = {
        ...(item.arrival ? { arrival: item.arrival } : {}),
        ...(item.departure ? { departure: item.departure } : {}),
      };
      // A rider sent with neither leg keeps what was saved (an empty SET is not SQL).
      if (Object.keys(changes).length === 0) continue;
      await tx.update(bookingTourists).set(changes).where(eq(bookingTourists.id, item.tourist_id));
    }
  });
  return arrivalInfo(db, row.id);
}
