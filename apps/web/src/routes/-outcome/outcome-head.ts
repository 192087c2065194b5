// Kept apart from ./outcome-route: a route's `head` ships in the first load, its page does not;
// the title comes with the loader's data (features/outcome/api.ts), not from texts kept here.
import { PAYMENT_NOT_FOUND_TITLE } from '../../features/outcome/not-found-title';
import { pageHead } from '../../features/seo/head';

/**
 * The `head` of an outcome page: the title says what the server said about the payment, and
 * nothing before it has (no payment found: "We could not find this payment").
 */
export const outcomeHead =
  (canonical: string) =>
  ({
    loaderData,
    match,
  }: {
    loaderData?: { title: string } | undefined;
    match: { context: { site: { publicUrl?: string | undefined } } };
  }) =>
    pageHead(
      { title: loaderData?.title ?? PAYMENT_NOT_FOUND_TITLE, canonical, noindex: true },
      match.context.site.publicUrl,
    );
