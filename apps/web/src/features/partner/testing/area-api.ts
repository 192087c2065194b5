import type { OrganizerBooking } from '../api';

/** A stand-in organizer area API: GET answers the booking, POSTs move it. Records the POSTs. */
export function areaApi(start: OrganizerBooking) {
  let current = start;
  const posts: Array<{ path: string; body: Record<string, unknown> }> = [];
  const fetch = async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    if (request.method === 'GET' && url.pathname === '/crm/api/partner/booking') {
      return Response.json(current);
    }
    if (request.method !== 'POST') return Response.json({ message: 'Not found' }, { status: 404 });
    const body = (await request.json()) as Record<string, unknown>;
    posts.push({ path: url.pathname, body });
    const moved = { can_confirm: false, can_decline: false, respond_by: null };
    if (url.pathname.startsWith('/crm/api/partner/departure/') && current.departure) {
      // The whole date decided (decision 148): answers the date; the booking moved with it.
      const guaranteed = url.pathname.endsWith('/guarantee');
      const departure = {
        ...current.departure,
        can_decide: false,
        decision_day_passed: false,
        ...(guaranteed ? { guaranteed: true, min_riders: null, decision_date: null } : {}),
        cancelled: !guaranteed,
      };
      current = guaranteed
        ? { ...current, ...moved, departure, status: 2, can_cancel: true }
        : { ...current, ...moved, departure, status: 6, can_cancel: false };
      return Response.json(departure);
    }
    if (url.pathname.endsWith('/confirm')) {
      current = { ...current, ...moved, status: 2, can_cancel: true };
    } else if (url.pathname.endsWith('/decline')) {
      current = { ...current, ...moved, status: 6, decline_reason: String(body.reason) };
    } else {
      current = { ...current, status: 6, can_cancel: false, cancel_message: String(body.reason) };
    }
    return Response.json(current);
  };
  return { fetch, posts };
}
