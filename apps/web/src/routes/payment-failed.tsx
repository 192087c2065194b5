import { createFileRoute } from '@tanstack/react-router';
import { loadOutcomePage } from '../features/outcome/api';
import { readOutcomeSearch } from '../features/outcome/search';
import { outcomeHead } from './-outcome/outcome-head';
import { OutcomeRoutePage } from './-outcome/outcome-route';
import { ownedSearch } from '../lib/owned-search';

/**
 * `/payment-failed` (docs/product.md, Routes): where the payment provider returns a failed payment,
 * with `?request_id=&payment_id=&token=`. A payment the API says is paid moves to `/success`; no
 * payment or a wrong token is 404.
 */
export const Route = createFileRoute('/payment-failed')({
  // Plain readers in a small module: a route's search parsing ships in the first load.
  validateSearch: ownedSearch(['request_id', 'payment_id', 'token'], readOutcomeSearch),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => loadOutcomePage(context, deps, 'failed'),
  head: outcomeHead('/payment-failed'),
  component: PaymentFailedRoute,
});

function PaymentFailedRoute() {
  return <OutcomeRoutePage outcomeKey={Route.useLoaderData().key} />;
}
