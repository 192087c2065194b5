/**
 * The organizer's meet page (spec: "Tourists meeting page"), opened by the key from their
 * e-mail: the booking's tourists with their arrival and departure, templates, the saved text and
 * files. Saving tells the traveller by e-mail; their booking then shows the details.
 */
import type { components } from '@gallop/api-client';
import { and, eq, inArray, notInArray } from 'drizzle-orm';
import type { ServiceHandlers } from '#src/contract.ts';
import type { Database } from '#src/db/client.ts';
import { meetings, outbox, tourDates, tours, uploads } from '#src/db/schema/index.ts';
import { HttpError, notFound, unprocessable } from '#src/http/http-error.ts';
import type { RateLimiter, RateLimits } from '#src/http/rate-limit.ts';
import {
  ACTIVE_STATUSES,
  bookingUrl,
  loadTourists,
  tellEveryone,
  toTourist,
  type RequestRow,
  type TouristRow,
} from '#src/modules/bookings/index.ts';
import {
  acceptUpload,
  deleteUpload,
  toMeetFile,
  UPLOAD_LIMITS,
  uploadContext,
  uploadLimited,
} from '#src/modules/uploads/index.ts';
import {
  displayDates,
  meetingByKey,
  meetingFiles,
  meetingRequest,
  type MeetingRow,
} from './meetings.ts';
import { meetTemplates } from './templates.ts';

type MeetData = components['schemas']['MeetData'];
type MeetOperation =
  | 'getContractOrganizerMeetData'
  | 'saveContractOrganizerMeet'
  | 'saveContractOrganizerMeetFile'
  | 'deleteContractOrganizerMeetFile';

export interface MeetingsDeps {
  db: Database;
  content?: { publicUrl?: string | undefined } | undefined;
  uploadsDir?: string | undefined;
  uploadLimit?: number | undefined;
  limiter?: RateLimiter;
  /** The app's rate limits (Redis or memory; a solved captcha lifts them). */
  rateLimits?: RateLimits | undefined;
  /** Signs the meet keys of the signed-in organizer area (`memberMeetKey`; read when used). */
  bookingLinkSecret?: (() => string) | undefined;
}

/** A meeting keeps at most this many files (the save call lists at most 20). */
const MAX_MEETING_FILES = 20;
const DEFAULT_PUBLIC_URL = 'http://127.0.0.1:3000';
/** Statuses whose tour still happens (or happened): pending, prepaid, complete. */
const OPEN_STATUSES = new Set<number>([...ACTIVE_STATUSES, 4]);

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
    group.tourists.push({ id: row.id, name: toTourist(row, false).full_name });
  }
  return [...groups.values()];
}

export function meetingsHandlers(deps: MeetingsDeps): Pick<ServiceHandlers, MeetOperation> {
  const { db } = deps;
  const publicUrl = deps.content?.publicUrl ?? DEFAULT_PUBLIC_URL;
  const uploadsContext = uploadContext(deps);

  /** The meeting of a key and its booking; 403 once the booking is cancelled. */
  async function openByKey(key: string): Promise<{ meeting: MeetingRow; request: RequestRow }> {
    const meeting = await meetingByKey(db, key, deps.bookingLinkSecret?.());
    const request = await meetingRequest(db, meeting);
    if (!OPEN_STATUSES.has(request.status)) {
      throw new HttpError(403, 'This booking was cancelled, so its meeting page is closed');
    }
    return { meeting, request };
  }

  async function meetData(meeting: MeetingRow, request: RequestRow): Promise<MeetData> {
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

  return {
    async getContractOrganizerMeetData(request) {
      const { meeting, request: booking } = await openByKey(request.query.key);
      return meetData(meeting, booking);
    },

    async saveContractOrganizerMeet(request) {
      const { meeting, request: booking } = await openByKey(request.query.key);
      const body = request.body;
      if (body.contract_id !== meeting.id) {
        throw notFound(
          `Contract #${body.contract_id} is not the one this link opens: reload the page and try again`,
        );
      }
      const text = body.organizer_meet_data.trim();
      if (!text) {
        throw unprocessable('Write the meeting details', {
          organizer_meet_data: ['Required field'],
        });
      }
      const kept = body.files === undefined ? undefined : [...new Set(body.files)];
      if (kept && kept.length > 0) {
        const own = await db
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
          : await db
              .select()
              .from(uploads)
              .where(
                and(
                  eq(uploads.meetingId, meeting.id),
                  ...(kept.length > 0 ? [notInArray(uploads.id, kept)] : []),
                ),
              );
      for (const row of dropped) await deleteUpload(uploadsContext, row);
      const firstSave = meeting.savedAt === null;
      const now = new Date();
      await db.transaction(async (tx) => {
        await tx
          .update(meetings)
          .set({ organizerText: text, savedAt: now, updatedAt: now })
          .where(eq(meetings.id, meeting.id));
        const [tour] = await tx
          .select({ name: tours.name })
          .from(tours)
          .where(eq(tours.id, booking.tourId));
        const link = bookingUrl(booking, publicUrl);
        await tx.insert(outbox).values({
          kind: firstSave ? 'meeting-details-ready' : 'meeting-details-updated',
          channel: 'email',
          recipient: booking.contactEmail,
          subject: firstSave
            ? `Meeting details for "${tour?.name ?? 'your tour'}"`
            : `Updated meeting details for "${tour?.name ?? 'your tour'}"`,
          body: `Hello ${booking.contactName},\n\nThe organizer has ${firstSave ? 'sent' : 'updated'} the meeting details for your booking #${booking.id}: where and when to meet and what to bring.\n\n${text}\n\nSee them with any attached files on your booking: ${link}\n\nThe Gallop team`,
          payload: { requestId: booking.id, meetingId: meeting.id, link },
        });
        await tellEveryone(tx, { kind: 'meeting', booking }, { publicUrl });
      });
      return { result: true };
    },

    async saveContractOrganizerMeetFile(request, reply) {
      const { meeting } = await openByKey(request.query.key);
      const tooMany = await uploadLimited(uploadsContext, `meeting:${meeting.id}`, request, reply);
      if (tooMany) return reply;
      const attached = await meetingFiles(db, meeting.id);
      if (attached.length >= MAX_MEETING_FILES) {
        throw unprocessable(`A meeting holds at most ${MAX_MEETING_FILES} files`, {
          file: [`Remove a file first: at most ${MAX_MEETING_FILES}`],
        });
      }
      const { row } = await acceptUpload(uploadsContext, request, {
        accepted: ['image', 'document'],
        limitBytes: UPLOAD_LIMITS.document,
        fields: [],
        purpose: 'meeting',
        meetingId: meeting.id,
      });
      return toMeetFile(row);
    },

    async deleteContractOrganizerMeetFile(request) {
      const { meeting } = await openByKey(request.query.key);
      const [row] = await db
        .select()
        .from(uploads)
        .where(and(eq(uploads.id, request.body.file_id), eq(uploads.meetingId, meeting.id)))
        .limit(1);
      if (!row) throw notFound('File not found on this meeting page');
      await deleteUpload(uploadsContext, row);
      return { result: true };
    },
  };
}
