// Kept apart from ./outcome-route: a route's `head` ships in the first load, its page does not.
import { OUTCOME_TITLES, outcomeTextKind } from '../../features/outcome/titles';
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
    loaderData?: { status: 1 | 2 | 3 } | undefined;
    match: { context: { site: { publicUrl?: string | undefined } } };
  }) =>
    pageHead(
      { title: OUTCOME_TITLES[outcomeTextKind(loaderData?.status)], canonical, noindex: true },
      match.context.site.publicUrl,
    );
