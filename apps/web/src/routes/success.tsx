import { createFileRoute } from '@tanstack/react-router';
import { loadOutcomePage } from '../features/outcome/api';
import { readOutcomeSearch } from '../features/outcome/search';
import { outcomeHead } from './-outcome/outcome-head';
import { OutcomeRoutePage } from './-outcome/outcome-route';
import { ownedSearch } from '../lib/owned-search';

/**
 * `/success` (docs/product.md, Routes): where the payment provider returns a successful payment,
 * with `?request_id=&payment_id=&token=`. It says "Payment successful" only when the API says the
 * payment is paid; a declined one moves to `/payment-failed`; no payment or a wrong token is 404.
 */
export const Route = createFileRoute('/success')({
  // Plain readers in a small module: a route's search parsing ships in the first load.
  validateSearch: ownedSearch(['request_id', 'payment_id', 'token'], readOutcomeSearch),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => loadOutcomePage(context, deps, 'success'),
  head: outcomeHead('/success'),
  component: SuccessRoute,
});

function SuccessRoute() {
  return <OutcomeRoutePage outcomeKey={Route.useLoaderData().key} />;
}
