/**
 * The organizer's meet page calls (spec: "Tourists meeting page"), opened by the key from their
 * e-mail: thin mappings of HTTP to the services of `meet-page.ts`.
 */
import type { ServiceHandlers } from '#src/contract.ts';
import type { Database } from '#src/db/client.ts';
import {
  createRateLimiter,
  limitCall,
  type RateLimiter,
  type RateLimits,
  TOO_MANY_REQUESTS,
} from '#src/http/rate-limit.ts';
import {
  acceptUpload,
  toMeetFile,
  UPLOAD_LIMITS,
  uploadContext,
  uploadLimited,
} from '#src/modules/uploads/index.ts';
import {
  assertRoomForFile,
  meetPageData,
  openMeetPage,
  removeMeetFile,
  saveMeetDetails,
} from './meet-page.ts';

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
  /**
   * Saves of one meeting's details in 15 minutes (`PUBLIC_WRITE_LIMIT`, default 10), like the
   * rider lists of decision 199: each save e-mails the traveller the typed text.
   */
  publicWriteLimit?: number | undefined;
  /** Signs the meet keys of the signed-in organizer area (`memberMeetKey`; read when used). */
  bookingLinkSecret?: (() => string) | undefined;
}

const DEFAULT_PUBLIC_URL = 'http://127.0.0.1:3000';

export function meetingsHandlers(deps: MeetingsDeps): Pick<ServiceHandlers, MeetOperation> {
  const { db } = deps;
  const uploadsContext = uploadContext(deps);
  const saving = {
    db,
    uploads: uploadsContext,
    publicUrl: deps.content?.publicUrl ?? DEFAULT_PUBLIC_URL,
  };
  const open = (key: string) => openMeetPage(db, key, deps.bookingLinkSecret?.());
  /**
   * Saves per meeting (one per booking) in 15 minutes: each e-mails the traveller the organizer's
   * text (probe 2026-12-07: 12 saves on one key, 12 × 200 and 12 e-mails). Counted once the key
   * opened the page, so nobody without it uses up a booking's count (decision 199's rule).
   */
  const saveLimiter = createRateLimiter({
    name: 'meet-saves',
    limit: deps.publicWriteLimit ?? 10,
    windowMs: 15 * 60_000,
    limits: deps.rateLimits,
  });

  return {
    async getContractOrganizerMeetData(request) {
      return meetPageData(db, await open(request.query.key));
    },

    async saveContractOrganizerMeet(request, reply) {
      const page = await open(request.query.key);
      const key = `meetSave:${page.meeting.id}`;
      if (await limitCall(saveLimiter, key, request, reply, TOO_MANY_REQUESTS)) return reply;
      await saveMeetDetails(saving, page, request.body);
      return { result: true };
    },

    async saveContractOrganizerMeetFile(request, reply) {
      const { meeting } = await open(request.query.key);
      const tooMany = await uploadLimited(uploadsContext, `meeting:${meeting.id}`, request, reply);
      if (tooMany) return reply;
      await assertRoomForFile(db, meeting);
      const { row } = await acceptUpload(uploadsContext, request, {
        accepted: ['image', 'document'],
        limitBytes: UPLOAD_LIMITS.document,
        fields: [],
        purpose: 'meeting',
        meetingId: meeting.id,
        // The booking's own papers (vouchers, tickets, maps): shared by their link with the
        // traveller only, never kept by a shared cache (uploads/routes.ts).
        isPublic: () => false,
      });
      return toMeetFile(row);
    },

    async deleteContractOrganizerMeetFile(request) {
      const { meeting } = await open(request.query.key);
      await removeMeetFile(uploadsContext, meeting, request.body.file_id);
      return { result: true };
    },
  };
}
