import { createFileRoute, notFound, redirect } from '@tanstack/react-router';
import { LeavingPage } from '../features/short-links/components/leaving-page/leaving-page';
import { classifyRedirectTarget, originsOf } from '../features/short-links/targets';
import { pageHead } from '../features/seo/head';
import { ownedSearch } from '../lib/owned-search';

/**
 * `/redirect?url=...` (docs/product.md, Routes, 'redirect page'; the spec names no parameter, `url`
 * is ours). Paths of this site and the organizer back office redirect (302); any other web address
 * gets a page with the link; a missing or non-web target is the 404 page.
 */
export const Route = createFileRoute('/redirect')({
  validateSearch: ownedSearch(['url'], (search: Record<string, unknown>): { url?: string } =>
    typeof search.url === 'string' ? { url: search.url } : {},
  ),
  loaderDeps: ({ search }) => ({ url: search.url }),
  loader: ({ context, deps }) => {
    const allowed = originsOf([context.site.publicUrl, context.site.organizerUrl]);
    const target = classifyRedirectTarget(deps.url, allowed);
    if (target.kind === 'invalid') throw notFound();
    if (target.kind === 'redirect') throw redirect({ href: target.href, statusCode: 302 });
    return { href: target.url.href };
  },
  head: ({ loaderData, match }) =>
    loaderData
      ? pageHead(
          { title: 'You are leaving Gallop', canonical: '/redirect', noindex: true },
          match.context.site.publicUrl,
        )
      : {},
  component: RedirectRoute,
});

function RedirectRoute() {
  const { href } = Route.useLoaderData();
  return <LeavingPage href={href} />;
}
