import { useRouter } from '@tanstack/react-router';
import { DEFAULT_BOOKING_BASE } from './booking-base';

/** The configured booking base of this page (the server's setting, after hydration). */
export function useBookingBase(): string {
  // Outside a router (isolated component tests) the default base applies.
  const router = useRouter({ warn: false }) as ReturnType<typeof useRouter> | undefined;
  return router?.options.context.site?.bookingBasePath ?? DEFAULT_BOOKING_BASE;
}
