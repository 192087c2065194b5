import { CodeSignIn } from '../../features/account/components/login-page/code-sign-in';
import type { EmailProofSlot } from '../../features/booking/components/booking-page/booking-page';
import { bookingHref } from '../../lib/booking-base';
import { useBookingBase } from '../../lib/use-booking-base';

/**
 * How the booking pages opened by link key let a guest prove the booking's e-mail: the code
 * sign-in of the login page, sent to that address. The address this tab booked with is filled
 * in, and a code sent to it is said to be sent, not "if an account exists" (the booking gave it
 * one, decision 153). Signed in, the booking is the account's, and the traveller goes on to it at
 * its own address.
 */
export function useEmailProof(): EmailProofSlot {
  const base = useBookingBase();
  return (booking, email) => (
    <CodeSignIn
      key={email ?? ''}
      sender="email"
      defaultLogin={email}
      bookedWith={email}
      sendLabel="Confirm your e-mail"
      returnTo={bookingHref(`/booking/${booking.id}`, base)}
    />
  );
}
