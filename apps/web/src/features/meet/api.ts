/**
 * The contract meeting calls (docs/product.md, Calls, "Contract meeting"), all keyed by the `key`
 * of the organizer's link (docs/product.md, Roles). Failures reject with `ApiError`.
 */
import { isApiError, type components, type GallopClient } from '@gallop/api-client';
import { getContractOrganizerMeetDataQueryOptions } from '@gallop/api-client/query';
import { notFound } from '@tanstack/react-router';
import { fileUpload } from '../../lib/file-upload';

export type MeetData = components['schemas']['MeetData'];
export type MeetFile = components['schemas']['MeetFile'];
export type MeetSave = components['schemas']['MeetSave'];

export const meetDataQuery = (api: GallopClient<true>, key: string) => ({
  ...getContractOrganizerMeetDataQueryOptions(api, { query: { key } }),
  retry: false,
});

/**
 * The loader's failure as the route's error: an unknown key is the 404 page; every other answer
 * keeps its status, and a network failure or 5xx is the 503 page (docs/product.md, Errors).
 */
export function asMeetRouteError(error: unknown): unknown {
  return isApiError(error) && error.status === 404 ? notFound() : error;
}

export async function saveMeet(
  api: GallopClient<true>,
  key: string,
  body: MeetSave,
): Promise<void> {
  await api.POST('/spa/contract-organizer-meet-save', { params: { query: { key } }, body });
}

/** Uploads one file (multipart `file`); answers its id and name. */
export async function uploadMeetFile(
  api: GallopClient<true>,
  key: string,
  file: File,
): Promise<MeetFile> {
  const { data } = await api.POST('/spa/contract-organizer-meet-file-save', {
    params: { query: { key } },
    ...fileUpload(file),
  });
  return data;
}

export async function deleteMeetFile(
  api: GallopClient<true>,
  key: string,
  fileId: number,
): Promise<void> {
  await api.POST('/spa/contract-organizer-meet-delete-file', {
    params: { query: { key } },
    body: { file_id: fileId },
  });
}
