/**
 * The meet page's services (spec: "Tourists meeting page"): the page a key opens, its data, saving
 * the details (the traveller is e-mailed) and its files. They take the database (and the upload
 * store) and answer typed results; a refusal is an `HttpError` (403, 404, 422). `handlers.ts` maps
 * the HTTP calls onto them.
 */
import type { components } from '@gallop/api-client';
import { ACTIVE_STATUSES } from '@gallop/booking-rules';
import { and, eq, inArray, notInArray } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { meetings, outbox, tourDates, tours, uploads } from '#src/db/schema/index.ts';
import { HttpError, notFound, unprocessable } from '#src/http/http-error.ts';
import {
  bookingUrl,
  bookingGreeting,
  displayDates,
  loadTourists,
  meetingByKey,
  meetingFiles,
  meetingRequest,
  tellEveryone,
  riderName,
  type MeetingRow,
  type RequestRow,
  type TouristRow,
} from '#src/modules/bookings/index.ts';
import { deleteUpload, toMeetFile, type UploadContext } from '#src/modules/uploads/index.ts';
import { meetTemplates, placeholdersLeft, placeholdersLeftMessage } from './templates.ts';

type MeetData = components['schemas']['MeetData'];

/** A meeting keeps at most this many files (the save call lists at most 20). */
const MAX_MEETING_FILES = 20;
/** Statuses whose tour still happens (or happened): pending, prepaid, complete. */
const OPEN_STATUSES = new Set<number>([...ACTIVE_STATUSES, 4]);

/** The meeting a key opens, and its booking. */
export interface MeetPage {
  meeting: MeetingRow;
  request: RequestRow;
}

/** The meeting of a key and its booking; 403 once the booking is cancelled. */
export async function openMeetPage(
  db: Database,
  key: string,
  memberSecret: string | undefined,
): Promise<MeetPage> {
  const meeting = await meetingByKey(db, key, memberSecret);
  const request = await meetingRequest(db, meeting);
  if (!OPEN_STATUSES.has(request.status)) {
    throw new HttpError(403, 'This booking was cancelled, so its meeting page is closed');
  }
  return { meeting, request };
}

/** Tourists who travel together (same arrival and departure) are shown as one group. */
function groupByTravel(rows: readonly TouristRow[]): MeetData['tourists_data']['data'] {
  const groups = new Map<string, MeetData['tourists_data']['data'][number]>();
  for (const row of rows) {
    const key = JSON.stringify([row.arrival ?? null, row.departure ?? null]);
    let group = groups.get(key);
    if (!group) {
      group = {
        tourists: [],
        ...(row.arrival ? { arrival: row.arrival } : {}),
        ...(row.departure ? { departure: row.departure } : {}),
      };
      groups.set(key, group);
    }
    group.tourists.push({ id: row.id, name: riderName(row), rides: row.rides });
  }
  return [...groups.values()];
}

/** The page: the tour and dates, the tourists grouped by travel, templates, saved text, files. */
export async function meetPageData(
  db: Database,
  { meeting, request }: MeetPage,
): Promise<MeetData> {
  const [tour] = await db
    .select({
      name: tours.name,
      slug: tours.slug,
      startDate: tourDates.startDate,
      endDate: tourDates.endDate,
    })
    .from(tours)
    .innerJoin(tourDates, eq(tourDates.id, request.tourDateId ?? -1))
    .where(eq(tours.id, request.tourId));
  if (!tour) throw notFound('The tour date of this booking no longer exists');
  const [tourists, files] = await Promise.all([
    loadTourists(db, [request.id]),
    meetingFiles(db, meeting.id),
  ]);
  const firstDay = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'UTC',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(new Date(`${tour.startDate}T00:00:00Z`));
  return {
    tour_data: {
      name: tour.name,
      slug: tour.slug,
      dates: displayDates(tour.startDate, tour.endDate),
      date_start: tour.startDate,
      date_end: tour.endDate,
    },
    request_id: request.id,
    contract_id: meeting.id,
    organizer_meet_data: meeting.organizerText,
    tourists_data: { data: groupByTravel(tourists.get(request.id) ?? []) },
    meet_data_templates: meetTemplates({ tourName: tour.name, firstDay }),
    files: files.map(toMeetFile),
  };
}

export interface MeetDetails {
  contract_id: number;
  organizer_meet_data: string;
  files?: number[] | undefined;
}

export interface SaveDeps {
  db: Database;
  uploads: UploadContext;
  publicUrl: string;
}

/**
 * Saves the meeting details and the files kept (files uploaded on the page but left out are
 * deleted), and e-mails the traveller: "ready" the first time, "updated" after.
 */
export async function saveMeetDetails(
  deps: SaveDeps,
  { meeting, request: booking }: MeetPage,
  input: MeetDetails,
): Promise<void> {
  if (input.contract_id !== meeting.id) {
    throw notFound(
      `Contract #${input.contract_id} is not the one this link opens: reload the page and try again`,
    );
  }
  const text = input.organizer_meet_data.trim();
  if (!text) {
    throw unprocessable('Write the meeting details', {
      organizer_meet_data: ['Required field'],
    });
  }
  const left = placeholdersLeft(text);
  if (left.length > 0) {
    const message = placeholdersLeftMessage(left);
    throw unprocessable(message, { organizer_meet_data: [message] });
  }
  const kept = input.files === undefined ? undefined : [...new Set(input.files)];
  if (kept && kept.length > 0) {
    const own = await deps.db
      .select({ id: uploads.id })
      .from(uploads)
      .where(and(eq(uploads.meetingId, meeting.id), inArray(uploads.id, kept)));
    if (own.length !== kept.length) {
      throw unprocessable('Some files are not attached to this meeting', {
        files: ['Upload the files on this page first'],
      });
    }
  }
  // Files uploaded here but no longer listed were removed on the page.
  const dropped =
    kept === undefined
      ? []
      : await deps.db
          .select()
          .from(uploads)
          .where(
            and(
              eq(uploads.meetingId, meeting.id),
              ...(kept.length > 0 ? [notInArray(uploads.id, kept)] : []),
            ),
          );
  for (const row of dropped) await deleteUpload(deps.uploads, row);
  const firstSave = meeting.savedAt === null;
  const now = new Date();
  await deps.db.transaction(async (tx) => {
    await tx
      .update(meetings)
      .set({ organizerText: text, savedAt: now, updatedAt: now })
      .where(eq(meetings.id, meeting.id));
    const [tour] = await tx
      .select({ name: tours.name })
      .from(tours)
      .where(eq(tours.id, booking.tourId));
    const link = bookingUrl(booking, deps.publicUrl);
    await tx.insert(outbox).values({
      kind: firstSave ? 'meeting-details-ready' : 'meeting-details-updated',
      channel: 'email',
      recipient: booking.contactEmail,
      subject: firstSave
        ? `Meeting details for "${tour?.name ?? 'your tour'}"`
        : `Updated meeting details for "${tour?.name ?? 'your tour'}"`,
      body: `${bookingGreeting(booking)}\n\nThe organizer has ${firstSave ? 'sent' : 'updated'} the meeting details for your booking #${booking.id}: where and when to meet and what to bring.\n\n${text}\n\nSee them with any attached files on your booking: ${link}\n\nThe Gallop team`,
      payload: { requestId: booking.id, meetingId: meeting.id, link },
    });
    await tellEveryone(
      tx,
      { kind: 'meeting', booking, updated: !firstSave },
      { publicUrl: deps.publicUrl },
    );
  });
}

/** 422 when the meeting holds its most files already. */
export async function assertRoomForFile(db: Database, meeting: MeetingRow): Promise<void> {
  const attached = await meetingFiles(db, meeting.id);
  if (attached.length >= MAX_MEETING_FILES) {
    throw unprocessable(`A meeting holds at most ${MAX_MEETING_FILES} files`, {
      file: [`Remove a file first: at most ${MAX_MEETING_FILES}`],
    });
  }
}

/** Deletes one of the meeting's files; 404 for a file of another meeting. */
export async function removeMeetFile(
  uploadsContext: UploadContext,
  meeting: MeetingRow,
  fileId: number,
): Promise<void> {
  const [row] = await uploadsContext.db
    .select()
    .from(uploads)
    .where(and(eq(uploads.id, fileId), eq(uploads.meetingId, meeting.id)))
    .limit(1);
  if (!row) throw notFound('File not found on this meeting page');
  await deleteUpload(uploadsContext, row);
}
