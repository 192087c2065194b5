/** What the booking routes share: loading a booking by id or uuid, and showing the cached copy. */
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../lib/api';
import type { RouterContext } from '../../router';
import { asRouteError, bookingByUuidQuery, bookingQuery, type Traveller } from './api';
import { BookingPage } from './components/booking-page/booking-page';

export type BookingKey = { id: number } | { uuid: string };

const queryFor = (api: RouterContext['api'], key: BookingKey) =>
  'id' in key ? bookingQuery(api, key.id) : bookingByUuidQuery(api, key.uuid);

export async function loadBooking(
  context: Pick<RouterContext, 'api' | 'queryClient'>,
  key: BookingKey,
): Promise<BookingKey> {
  try {
    await context.queryClient.ensureQueryData(queryFor(context.api, key));
    return key;
  } catch (error) {
    throw asRouteError(error);
  }
}

export function BookingRoutePage({
  query,
  focus,
  user,
}: {
  query: BookingKey;
  focus?: 'details' | 'pay';
  user: Traveller | undefined;
}) {
  const api = useApi();
  const { data } = useQuery(queryFor(api, query));
  if (!data) return null;
  return <BookingPage booking={data} user={user} {...(focus ? { focus } : {})} />;
}
