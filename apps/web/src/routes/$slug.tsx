import { createFileRoute, notFound, redirect, useRouterState } from '@tanstack/react-router';
import { lazy } from 'react';
import { ensureSearchPage, searchPassportHeader } from '../features/search/api';
import {
  MAX_SLUG_LENGTH,
  canonicalSearchMiddleware,
  searchToFilters,
  validateFilterSearch,
  type FilterSearch,
} from '../features/search/search-url';
import { ensureTourPage } from '../features/tour/api';
import { isTourSlug } from '../features/tour/tour-slug';
import { searchHeadData } from '../features/search/head';
import { tourHeadData } from '../features/tour/head';
import { pageHead, shareImage } from '../features/seo/head';
import { lazyComponent } from '../lib/lazy-component';
import { loadSlugPage, slugPages } from './-slug/slug-pages';
import { validateReviewSearch } from '../features/tour/review-search';
import { tourWeather } from './-slug/tour-weather';

// 'Help me choose a tour' under empty results: a chunk of its own, so the first load's list of
// chunks does not grow (decision 050); the loader has it ready before the page renders.
const HelpRequestButton = lazyComponent(() =>
  import('../features/help-request/components/help-request-button/help-request-button').then(
    ({ HelpRequestButton }) => HelpRequestButton,
  ),
);

// Only if a page module were somehow not loaded yet (see ./-slug/slug-pages.ts): React waits.
const LazyTourPage = lazy(() =>
  import('../features/tour/components/tour-page/tour-page').then(({ TourPage }) => ({
    default: TourPage,
  })),
);
const LazySearchPage = lazy(() =>
  import('../features/search/components/search-page/search-page').then(({ SearchPage }) => ({
    default: SearchPage,
  })),
);

/**
 * The catch-all `/{slug}` (docs/product.md, Routes): a slug ending in `-<number>` is a tour page;
 * any other slug is a tour search page whose filters start from the catalogue page stored for it.
 * Unknown slugs are the 404 page (so is a slug longer than any page has); a moved tour redirects
 * (301); a passed one is the 410 page. A search typed by hand moves to its normalised address
 * (`canonicalSearchMiddleware`), so the address bar shows the search the page runs.
 */
export const Route = createFileRoute('/$slug')({
  // A search page's filters. A tour page's review view (decision 115) is checked by the page's
  // component below: this definition ships in every page's first load.
  validateSearch: validateFilterSearch,
  // Hand-typed searches move to their normalised address (see the middleware).
  search: { middlewares: [canonicalSearchMiddleware] },
  beforeLoad: ({ params }) => {
    if (params.slug.length > MAX_SLUG_LENGTH) throw notFound();
  },
  loaderDeps: ({ search }) => ({ search }),
  loader: async ({ context, params, deps, cause }) => {
    const { queryClient, api } = context;
    if (isTourSlug(params.slug)) {
      const [tour] = await Promise.all([
        ensureTourPage(queryClient, api, params.slug),
        // Arriving from another page, with the sections' own chunk (decision 126): the page
        // shows whole. Not for a new review view on the same page, which renders them already.
        loadSlugPage('tour').then(() =>
          cause === 'stay' ? undefined : slugPages().tour?.preloadTourPageParts(),
        ),
      ]);
      // The season check's climate (decision 117): awaited on the server, so the dates' marks are
      // in its HTML; a navigation in the browser does not wait for it.
      const climate = slugPages().tour?.prefetchTourClimate(queryClient, api, tour);
      if (typeof document === 'undefined') await climate;
      const { imageTemplate, ...head } = tourHeadData(tour);
      const image = imageTemplate ? shareImage(imageTemplate) : undefined;
      return { kind: 'tour' as const, head: { ...head, image } };
    }
    const filters = searchToFilters(deps.search);
    // Only in the browser, and never sent back: the server's page is the same for everyone.
    const passportHeader = await searchPassportHeader(queryClient, api, filters);
    const [loaded] = await Promise.all([
      ensureSearchPage(queryClient, api, params.slug, filters, passportHeader),
      // Arriving from another page, with the filters' own chunks: the page shows whole, as the
      // server sends it. Not for a new search on the same page ('stay'), which renders them
      // already: its navigation may come while they still wait to hydrate (search-page-parts.ts).
      loadSlugPage('search').then(() =>
        cause === 'stay' ? undefined : slugPages().search?.preloadSearchPageParts(),
      ),
      HelpRequestButton.preload(),
    ]);
    // A query contradicting the catalogue page's own filter (`/chile?countries=74`) is another
    // page's search: it moves there (307), as a hand-typed search moves to its canonical form.
    const elsewhere = slugPages().search?.catalogueSearchHref(params.slug, loaded.meta, filters);
    if (elsewhere !== undefined) throw redirect({ href: elsewhere, statusCode: 307 });
    return { kind: 'search' as const, head: searchHeadData(loaded), passportHeader };
  },
  head: ({ loaderData, match }) =>
    loaderData ? pageHead(loaderData.head, match.context.site.publicUrl) : {},
  component: SlugRoute,
});

function SlugRoute() {
  const { slug } = Route.useParams();
  const loaderData = Route.useLoaderData();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  // The address the router is going to: the filters show a click at once, the results follow.
  const location = useRouterState({ select: (state) => state.location });
  const pages = slugPages();
  const TourPage = pages.tour?.TourPage ?? LazyTourPage;
  const SearchPage = pages.search?.SearchPage ?? LazySearchPage;
  if (loaderData.kind === 'tour') {
    return (
      <TourPage
        slug={slug}
        weather={tourWeather}
        // The filters' normalisation keeps other fields of the address as they are (campaign
        // tags, the review view): the view is read from the address and checked here.
        reviewView={validateReviewSearch(location.search)}
        onReviewViewChange={(view) =>
          navigate({
            to: '/$slug',
            params: { slug },
            // Extra fields beside the (here absent) filters, which the search middleware keeps.
            search: view as FilterSearch,
            resetScroll: false,
            replace: true,
          })
        }
      />
    );
  }
  return (
    <SearchPage
      slug={slug}
      search={search}
      loadedPassportHeader={loaderData.passportHeader}
      pendingSearch={
        location.pathname === `/${slug}` ? validateFilterSearch(location.search) : search
      }
      onNavigate={(location, options) =>
        navigate({
          to: '/$slug',
          params: { slug: location.slug },
          search: location.search,
          resetScroll: false,
          replace: options?.replace,
        })
      }
      emptyStateAction={<HelpRequestButton theme="negative" />}
    />
  );
}
