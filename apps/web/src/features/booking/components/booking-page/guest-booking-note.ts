/**
 * What a signed-in reader of a booking made signed out, that no account holds yet
 * (`email_proof_required`), is told beside its riders. It is nobody's account's, so not "made with
 * another account": it joins the account of the e-mail it was booked with once that e-mail is
 * proven (a one-time code, the confirmation link; a sign-in of an account that has confirmed it
 * joins it at once, decision 185). The API does not tell the booking's contact: the address this
 * tab booked with (`bookedWith`) says when it is the reader's own.
 */
import type { Traveller } from '../../api';

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export function unclaimedGuestBookingNote(user: Traveller, bookedWith: string | undefined): string {
  const until =
    "Until then you can change the riders' names, contacts and food; paying, weights and cancelling wait for it.";
  if (bookedWith !== undefined && user.email && sameAddress(bookedWith, user.email)) {
    return `You booked this signed out with your e-mail, ${user.email}. Confirm that e-mail with a one-time code and the booking joins your account. ${until}`;
  }
  return `This booking was made signed out and joins the account of the e-mail it was booked with once that e-mail is confirmed: if it is yours, confirm it with a one-time code. ${until}`;
}
