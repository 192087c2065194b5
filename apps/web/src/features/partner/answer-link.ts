/**
 * The address of the organizer's Confirm and Decline links (decision 090): `?token=&answer=`.
 * The route's `validateSearch`, in a module of its own because it ships in the first load; what
 * is not a token or one of the two answers is dropped.
 */
export interface AnswerLinkSearch {
  token?: string;
  answer?: 'confirm' | 'decline';
}

export function validateAnswerLinkSearch({ token, answer }: Record<string, unknown>) {
  const search: AnswerLinkSearch = {};
  // A token the search parser read as a number is no token.
  if (typeof token === 'string' && token) search.token = token;
  if (answer === 'confirm' || answer === 'decline') search.answer = answer;
  return search;
}
