/**
 * The organizer's meet page calls (spec: "Tourists meeting page"), opened by the key from their
 * e-mail: thin mappings of HTTP to the services of `meet-page.ts`.
 */
import type { ServiceHandlers } from '#src/contract.ts';
import type { Database } from '#src/db/client.ts';
import type { RateLimiter, RateLimits } from '#src/http/rate-limit.ts';
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

  return {
    async getContractOrganizerMeetData(request) {
      return meetPageData(db, await open(request.query.key));
    },

    async saveContractOrganizerMeet(request) {
      await saveMeetDetails(saving, await open(request.query.key), request.body);
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
