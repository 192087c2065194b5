/**
 * The meet page's rules (docs/product.md, Validation and Errors), kept apart from the components
 * for tests.
 */
import { isApiError } from '@gallop/api-client';
import type { MeetData } from './api';

/** A key as the contract takes it (8 to 128 characters); anything else is no page at all. */
export function isMeetKey(key: string): boolean {
  return key.length >= 8 && key.length <= 128;
}

/** What the file input offers: images, pdf, doc, docx, xls, xlsx (docs/product.md, Validation). */
export const MEET_FILE_ACCEPT =
  'image/*,.pdf,.doc,.docx,.xls,.xlsx,application/pdf,application/msword,' +
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document,' +
  'application/vnd.ms-excel,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const DOCUMENT_EXTENSIONS = new Set(['pdf', 'doc', 'docx', 'xls', 'xlsx']);
const IMAGE_EXTENSIONS = new Set(['jpg', 'jpeg', 'png', 'gif', 'webp', 'heic', 'heif', 'avif']);

/** The largest file the page sends (the API's upload limit). */
export const MEET_FILE_MAX_BYTES = 10 * 1024 * 1024;

/** Why a chosen file is refused, or undefined when it can be sent. */
export function meetFileProblem(file: Pick<File, 'name' | 'type' | 'size'>): string | undefined {
  const extension = file.name.includes('.') ? file.name.split('.').pop()!.toLowerCase() : '';
  const accepted =
    file.type.startsWith('image/') ||
    IMAGE_EXTENSIONS.has(extension) ||
    DOCUMENT_EXTENSIONS.has(extension);
  if (!accepted) {
    return `${file.name}: only images, PDF, Word (doc, docx) and Excel (xls, xlsx) files can be attached.`;
  }
  if (file.size > MEET_FILE_MAX_BYTES) return `${file.name}: the file is larger than 10 MB.`;
  return undefined;
}

/**
 * The text area's first text: what was saved, else the first template (docs/product.md,
 * Validation).
 */
export function initialMeetText(
  data: Pick<MeetData, 'organizer_meet_data' | 'meet_data_templates'>,
) {
  if (data.organizer_meet_data && data.organizer_meet_data.trim() !== '') {
    return data.organizer_meet_data;
  }
  return data.meet_data_templates[0]?.template ?? '';
}

/** A gap of a template for the organizer to fill in: `[address, link to the map]`. */
const PLACEHOLDER = /\[[^[\]\n]+\]/g;

/**
 * The templates' gaps still in `text` (the API refuses them with a 422 too): details sent with
 * them would tell riders "Address and map pin: [address, link to the map]". Other brackets are
 * the organizer's own.
 */
export function placeholdersLeft(
  text: string,
  templates: MeetData['meet_data_templates'],
): string[] {
  const gaps = new Set(templates.flatMap(({ template }) => template.match(PLACEHOLDER) ?? []));
  return [...gaps].filter((placeholder) => text.includes(placeholder));
}

/** The text area's message while gaps are left (the API's words). */
export function placeholdersLeftMessage(left: readonly string[]): string {
  const list =
    left.length === 1 ? left[0] : `${left.slice(0, -1).join(', ')} and ${left[left.length - 1]}`;
  return `Replace ${list} with your own details before saving.`;
}

/** The longest text the API takes. */
export const MEET_TEXT_MAX_LENGTH = 20_000;

/**
 * What a failed save shows (docs/product.md, Errors): on 404 the server's message in the error
 * modal; other failures are only logged (undefined here).
 */
export function meetSaveFailureMessage(error: unknown): string | undefined {
  if (isApiError(error) && error.status === 404) return error.message || 'Not found';
  return undefined;
}

/** The API's 422 on the text (its message under the text area), or undefined. */
export function textRefusal(error: unknown): string | undefined {
  if (!isApiError(error) || error.status !== 422) return undefined;
  return error.errors.organizer_meet_data?.[0];
}

/** Texts (docs/product.md, Errors) and the meet error modal's width (Constants). */
export const MEET_TEXTS = {
  successTitle: 'Success',
  successText: 'The data has been successfully saved.',
  errorTitle: 'Error while saving data',
} as const;
export const MEET_ERROR_MODAL_WIDTH = 600;

/** What good meeting details say: the hint list beside the text area. */
export const MEET_HINTS = [
  'The meeting point, with a map link (Google Maps or similar) so riders find it on their phone.',
  'The meeting time, and how long you wait for late arrivals.',
  'What to bring and wear: boots with a heel, long trousers, a rain jacket, documents.',
  'A phone number to call on the day, and who will meet the group.',
  'How to reach the meeting point from the airport or station, if riders arrive on their own.',
] as const;
