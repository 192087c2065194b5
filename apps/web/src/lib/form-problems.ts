import { isApiError } from '@gallop/api-client';
import { distinctTexts } from './failure-text';

export interface FormProblems<Field extends string> {
  /** For `Form`'s `errors`: the first message of each of the form's own fields. */
  fields: Partial<Record<Field, string>>;
  /** What shows above the button, if anything. */
  message: string | undefined;
}

/**
 * How a refused send shows on a form: a 422's details on the form's own fields (first message
 * each), and above the button its message with the details of any other field (such as an
 * unknown tour), leaving out what a field already shows, so nothing is said twice. Anything else
 * has no field errors and shows `failure`.
 */
export function formProblems<Field extends string>(
  error: unknown,
  failure: string | undefined,
  formFields: readonly Field[],
): FormProblems<Field> {
  if (!isApiError(error) || error.status !== 422) return { fields: {}, message: failure };
  const fields: Partial<Record<Field, string>> = {};
  for (const field of formFields) {
    const first = error.errors[field]?.[0];
    if (first) fields[field] = first;
  }
  const shown = new Set<string>(Object.values(fields));
  const elsewhere = Object.entries(error.errors)
    .filter(([field]) => !(formFields as readonly string[]).includes(field))
    .flatMap(([, messages]) => messages);
  const rest = distinctTexts([error.message, ...elsewhere]).filter((text) => !shown.has(text));
  return { fields, message: rest.length > 0 ? rest.join(' ') : undefined };
}
