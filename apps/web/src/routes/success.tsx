import { createFileRoute } from '@tanstack/react-router';
import { loadOutcomePage } from '../features/outcome/api';
import { outcomeHead } from './-outcome/outcome-head';
import { OutcomeRoutePage } from './-outcome/outcome-route';

/**
 * `/success` (docs/product.md, Routes): where the payment provider returns a successful payment,
 * with `?request_id=&payment_id=&token=`. It says "Payment successful" only when the API says the
 * payment is paid; a declined one moves to `/payment-failed`; no payment or a wrong token is 404.
 */
export const Route = createFileRoute('/success')({
  // The address is read in the loader (its own chunk), not by `validateSearch`: a route's
  // search parsing ships in the first load (`.size-limit.js`).
  loaderDeps: ({ search }) => search as Record<string, unknown>,
  loader: ({ context, deps }) => loadOutcomePage(context, deps, 'success'),
  head: outcomeHead('/success'),
  component: SuccessRoute,
});

function SuccessRoute() {
  return <OutcomeRoutePage outcomeKey={Route.useLoaderData().key} />;
}
