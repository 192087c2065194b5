import { createFileRoute } from '@tanstack/react-router';
import { RiderPassportPage } from '../features/rider-passport/components/rider-passport-page/rider-passport-page';
import { RIDER_PASSPORT_TITLE } from '../features/rider-passport/title';
import { pageHead } from '../features/seo/head';

/**
 * `/rider-passport` (issue 46): a guest's passport from the `gallop_rider` cookie, a signed-in
 * traveller's and their companions' from the account, both read in the browser. Personal, so
 * kept out of search results.
 */
export const Route = createFileRoute('/rider-passport')({
  // The head's words come with the loader's chunk, not the first load (issue 7's budget).
  loader: () => ({
    head: {
      title: RIDER_PASSPORT_TITLE,
      description:
        'Your riding level, tack, hours in the saddle and weight, matched to every tour.',
      canonical: '/rider-passport',
      noindex: true,
    },
  }),
  head: ({ loaderData, match }) =>
    loaderData ? pageHead(loaderData.head, match.context.site.publicUrl) : {},
  component: RiderPassportPage,
});
