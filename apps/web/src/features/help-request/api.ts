/**
 * "Help me choose a tour" (docs/product.md, Calls, `POST /spa/submit-help-request`): a visitor asks
 * the support team to suggest tours. The API needs a message and an e-mail or a phone to answer; it
 * answers 422 with field errors otherwise, and 429 when one address sends too many.
 */
import type { GallopClient } from '@gallop/api-client';
import { formProblems, type FormProblems } from '../../lib/form-problems';

/** The longest message the API takes. */
export const HELP_REQUEST_MESSAGE_MAX_LENGTH = 5000;
/** The longest name the API takes. */
export const HELP_REQUEST_NAME_MAX_LENGTH = 200;

/**
 * The visitor's last booking request (docs/product.md, Entities, cookies): support sees it with the
 * request.
 */
export { lastRequestIdFromCookies } from '../../lib/request-attribution';

/** What the visitor typed, as the form holds it. */
export interface HelpRequestValues {
  name: string;
  email: string;
  phone: string;
  message: string;
}

/** The form's fields, in the order they show (the first with an error gets focus). */
const HELP_REQUEST_FIELDS = ['message', 'name', 'email', 'phone'] as const;

/** Where the request comes from: a tour page sends the tour, a visitor with a booking its id. */
export interface HelpRequestContext {
  tourId?: number | undefined;
  requestId?: number | undefined;
}

/** The call's body: trimmed values, empty optional fields left out, phone digits only after the `+`. */
export function helpRequestBody(values: HelpRequestValues, context: HelpRequestContext = {}) {
  const name = values.name.trim();
  const email = values.email.trim();
  const phone = values.phone.replace(/[\s()-]/g, '');
  return {
    message: values.message.trim(),
    ...(name ? { name } : {}),
    ...(email ? { email } : {}),
    ...(phone ? { phone } : {}),
    ...(context.tourId === undefined ? {} : { tour_id: context.tourId }),
    ...(context.requestId === undefined ? {} : { request_id: context.requestId }),
  };
}

/** Sends the request to the support team. */
export async function submitHelpRequest(
  api: GallopClient<true>,
  values: HelpRequestValues,
  context: HelpRequestContext = {},
): Promise<void> {
  await api.POST('/spa/submit-help-request', { body: helpRequestBody(values, context) });
}

/** How a refused request shows: see `formProblems` (field errors on the fields, the rest above the button). */
export function helpRequestProblems(
  error: unknown,
  failure: string | undefined,
): FormProblems<keyof HelpRequestValues> {
  return formProblems(error, failure, HELP_REQUEST_FIELDS);
}
