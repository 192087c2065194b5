import { useCurrency } from '@gallop/currency/react';
import { useT } from '@gallop/i18n/react';
import { passportToCookie, type RiderPassport } from '@gallop/rider-fit';
import {
  filtersToQuery,
  normalizeFilters,
  type SearchFilters,
  type Sort,
} from '@gallop/search-filters';
import { Breadcrumbs, Button, EmptyState } from '@gallop/ui-kit';
import { useSuspenseQueries, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useRouterState } from '@tanstack/react-router';
import { startTransition, useEffect, useRef, useState, type ReactNode } from 'react';
import { useApi } from '../../../../lib/api';
import { useVisitorPassport } from '../../../../lib/visitor-passport';
import { TourCodeSearch } from '../tour-code-search/tour-code-search';
import { sameJson, useStableCallback, useStableValue } from '../../../../lib/stable-props';
import { useHydrated } from '../../../../lib/use-hydrated';
import {
  ALL_TOURS_SLUG,
  catalogueWideMeta,
  findCities,
  searchPageMetaQueryOptions,
  searchResultsQueryOptions,
  shownPages,
  type SearchPageMeta,
} from '../../api';
import {
  effectiveFilters,
  filtersToApiQuery,
  narrowsCardDates,
  searchLocation,
  tripKindFields,
  withChange,
  type SearchLocation,
} from '../../search-query';
import { ADDRESS_PRICE_CAPS, searchToFilters, type FilterSearch } from '../../search-url';
import type { FilterChange } from '../search-filters/search-filters';
import { resultCountries, SearchMap } from '../search-map/search-map';
import { useHighlightTour } from '../../map-highlight';
import { TourCard } from '../../../../components/tour-card/tour-card';
import {
  SearchPagination,
  type SearchPaginationProps,
} from '../search-pagination/search-pagination';
import {
  LazyFiltersSheet,
  LazySearchFiltersPanel,
  LazySheetFiltersPanel,
  LazySortSelect,
  preloadFiltersSheetLater,
} from './search-page-parts';
import { PressableStyle } from './pressable-style';
import { usePricesFollowCurrency } from './use-prices-follow-currency';
import './search-page.css';

export { preloadSearchPageParts } from './search-page-parts';
// The route's loader checks a catalogue page's address with the page's chunk: not the first load.
/** @public Read by the `/{slug}` route's loader through `slugPages()` (a lazy module). */
export { catalogueSearchHref } from '../../catalogue-address';

/** Cards whose pictures load at once (the first row or two). */
const EAGER_CARDS = 3;

/**
 * The pages 'Show more' put on screen for one search (`key`: its address without the page):
 * `first` to `last`. Any other way to a page (its link, Back, a new search) shows that page alone.
 */
interface ShownRun {
  key: string;
  first: number;
  last: number;
}

/** A search's address without its page: 'Show more' keeps the cards of the same search only. */
function runKey(filters: SearchFilters): string {
  return JSON.stringify(filtersToQuery({ ...filters, page: 1 }, ADDRESS_PRICE_CAPS));
}

export interface SearchPageProps {
  slug: string;
  /** The address bar's search the results are for. */
  search: FilterSearch;
  /** The search being loaded (the same when idle): the filter controls show it at once. */
  pendingSearch: FilterSearch;
  /** Goes to a search (`replace`: instead of the current entry); resolves once its results show. */
  onNavigate: (location: SearchLocation, options?: { replace?: boolean }) => Promise<void>;
  /** Offered when nothing is found, beside 'Clear filters' (the route passes 'Help me choose'). */
  emptyStateAction?: ReactNode;
  /**
   * The rider passport a client navigation's loader asked "fits me first" with
   * (`searchPassportHeader`), so the page's first search is that one; never on the server's page.
   */
  loadedPassportHeader?: string | undefined;
}

/** The tour search page: `/tours` (every tour) or a catalogue page such as `/iceland`. */
export function SearchPage(props: SearchPageProps) {
  if (props.slug === ALL_TOURS_SLUG) {
    // Cruises are a search of their own, with their own heading (decision 098).
    const meta = catalogueWideMeta(searchToFilters(props.search));
    return <SearchPageView meta={meta} {...props} />;
  }
  return <CataloguePage {...props} />;
}

function CataloguePage(props: SearchPageProps) {
  const api = useApi();
  const { data: meta } = useSuspenseQuery(searchPageMetaQueryOptions(api, props.slug));
  return <SearchPageView meta={meta} {...props} />;
}

/** Not filters but what the page shows: the order, the page, and the kind of trip (a tab). */
const NOT_COUNTED = new Set(['page', 'sort', 'type', 'isCruisesSearch']);

/** How many filter fields the visitor has set beyond the page's own (for the 'Filters' button). */
function activeFilterCount(
  filters: SearchFilters,
  pageFilter: SearchFilters,
  currency: string,
): number {
  const own = new Set(Object.keys(filtersToQuery(pageFilter, currency)));
  // A place search is one filter however many fields carry it (name, centre, radius).
  const partOfPlace = new Set(filters.placeName === undefined ? [] : ['lat', 'lng', 'radius']);
  return Object.keys(filtersToQuery(filters, currency)).filter(
    (field) => !own.has(field) && !NOT_COUNTED.has(field) && !partOfPlace.has(field),
  ).length;
}

/**
 * Whether a navigation is under way. False in the render that hydrates (a navigation can start
 * before this part has hydrated: the shell replaces the address to take a tour-selection token
 * out of it), so the busy state waits for the render after hydration. Read by the small parts
 * below rather than the page: that render after hydration is synchronous (one task), and
 * re-rendering every card in it made one of the page's longest tasks on a phone.
 */
function useNavigating(): boolean {
  const pending = useRouterState({ select: (state) => state.status === 'pending' });
  return useHydrated() && pending;
}

/** Under the results' toolbar when the address asks "fits me first" and there is no passport. */
export const FIT_NEEDS_PASSPORT =
  'Fits me first needs your rider passport, so these tours are in the recommended order.';

/**
 * The visitor's rider passport as the page needs it: the `X-Rider-Passport` text a "fits me
 * first" search sends (decision 109); `null` once known to be missing, which the page says only
 * while sorted by fit (`fitSorted`); undefined until known.
 */
type PassportHeader = string | null | undefined;

/** The `PassportHeader` of a passport (`undefined`: not known yet). */
function passportHeaderOf(
  passport: RiderPassport | null | undefined,
  fitSorted: boolean,
): PassportHeader {
  if (passport) return passportToCookie(passport);
  return passport === null && fitSorted ? null : undefined;
}

/**
 * Hands the page the visitor's passport (`PassportHeader`). A part of its own: the passport is
 * known only after hydration (the cookie read, the account's loaded), and its arrival re-renders
 * the page in a transition, which can yield to input and keeps the results on screen while a
 * `fit` search asks again, rather than in the synchronous render after hydration (see
 * `useNavigating`); a visitor without one, on another sort, re-renders nothing.
 */
function RiderPassportHeader({
  fitSorted,
  onChange,
}: {
  fitSorted: boolean;
  onChange: (header: PassportHeader) => void;
}) {
  const { ready, passport } = useVisitorPassport();
  const header = passportHeaderOf(ready ? passport : undefined, fitSorted);
  useEffect(() => {
    startTransition(() => onChange(header));
  }, [header, onChange]);
  return null;
}

/** The result cards' list, dimmed and `aria-busy` while new results load. */
function ResultsGrid({ converting, children }: { converting: boolean; children: ReactNode }) {
  const busy = useNavigating() || converting;
  return (
    <ul
      className="search-page__grid"
      aria-busy={busy || undefined}
      data-loading={busy || undefined}
    >
      {children}
    </ul>
  );
}

/** The pagination, its 'Show more' busy while a navigation loads. */
function ResultsPagination(props: Omit<SearchPaginationProps, 'loadingMore'>) {
  return <SearchPagination {...props} loadingMore={useNavigating()} />;
}

/** The map's query: the list's filters (and catalogue page), without the page number. */
function tourMapQuery(slug: string, filters: Partial<SearchFilters>) {
  const { page: _page, ...query } = filtersToApiQuery({ ...filters, page: 1 });
  return { ...query, ...(slug === ALL_TOURS_SLUG ? {} : { slug }) };
}

/** A search without its place circle: moving the map and searching that area is the same search. */
function searchKeyOf(query: Record<string, unknown>): string {
  const { lat: _lat, lng: _lng, radius: _radius, ...rest } = query;
  return JSON.stringify(rest);
}

function SearchPageView({
  meta,
  slug,
  search,
  pendingSearch,
  onNavigate,
  emptyStateAction,
  loadedPassportHeader,
}: SearchPageProps & { meta: SearchPageMeta }) {
  const api = useApi();
  const t = useT();
  const { currency: chosenCurrency } = useCurrency();
  const [sheetOpen, setSheetOpen] = useState(false);
  // The sheet (closed, so not in the server's HTML) mounts when first opened.
  const [sheetMounted, setSheetMounted] = useState(false);
  // The rider passport "fits me first" sends, once known (never in the address): from a client
  // navigation's loader at once, else once the page has hydrated.
  const [passportHeader, setPassportHeader] = useState<PassportHeader>(loadedPassportHeader);
  useEffect(preloadFiltersSheetLater, []);
  // A currency switch converts the price bounds and replaces the address, or asks for these
  // results again when the numbers stay; until then nothing else asks for them (decision 051).
  const { converting: convertingPrices, resultsStaleTime } = usePricesFollowCurrency(api, search, {
    replaceSearch: (next) => onNavigate({ slug, search: next }, { replace: true }),
    refetchResults: () => Promise.all(results.map((result) => result.refetch())),
  });

  const addressFilters = searchToFilters(search);
  // The address's page, after those 'Show more' put on screen before it in this search.
  const [run, setRun] = useState<ShownRun>();
  const key = runKey(addressFilters);
  const firstShown =
    run && run.key === key && run.last === addressFilters.page ? run.first : addressFilters.page;
  const results = useSuspenseQueries({
    queries: shownPages(firstShown, addressFilters.page).map((page) => ({
      // Only a `fit` search sends the passport (and keys on it): other sorts share their answers.
      ...searchResultsQueryOptions(api, slug, addressFilters, page, passportHeader ?? undefined),
      staleTime: resultsStaleTime,
    })),
  });
  const first = results[0]?.data;
  const items = results.flatMap((result) => result.data.items);
  const total = first?.pagination.total ?? 0;
  const pageCount = first?.pagination.page_count ?? 1;
  // The currency the results' prices, and so the price bounds, are in: until a switch converts
  // the bounds (decision 051), the one they were asked in.
  const currency = items[0]?.currency ?? chosenCurrency;
  // The same object while the filters are the same, and `change` never changes: the panel and
  // the sort select hydrate when their code arrives, and new props before that would make React
  // render them afresh (see ./search-page-parts.ts). Price bounds within the currency's caps
  // (decision 176): a bound at or above its cap restricts nothing there and goes.
  const filters = useStableValue(
    effectiveFilters(meta.filter, searchToFilters(pendingSearch), currency),
    sameJson,
  );
  const activeCount = activeFilterCount(filters, meta.filter, currency);
  const highlight = useHighlightTour();

  // The address is written in the currency's caps: a ₩3,000,000 maximum stays in KRW.
  const go = (next: Partial<SearchFilters>) =>
    onNavigate(
      searchLocation({
        slug,
        fallbackSlug: ALL_TOURS_SLUG,
        pageFilter: meta.filter,
        next,
        currency,
      }),
    );
  const change = useStableCallback((fields: FilterChange) =>
    go(withChange(filters, fields, currency)),
  );
  const changeSort = useStableCallback((sort: Sort) => change({ sort }));
  const searchCities = useStableCallback((query: string) => findCities(api, query));
  // The kind of trip stays, as the order does: clearing a cruise search lists every cruise.
  const clear = () =>
    go(
      normalizeFilters(
        { ...meta.filter, ...tripKindFields(filters), sort: filters.sort },
        currency,
      ),
    );
  const loadMore = () => {
    const next = addressFilters.page + 1;
    setRun({ key, first: firstShown, last: next });
    return go({ ...filters, page: next });
  };
  // A page link shows that page alone: once it does, its first card comes into view.
  const resultsRef = useRef<HTMLElement>(null);
  const scrollToResults = useRef(false);
  useEffect(() => {
    if (!scrollToResults.current) return;
    scrollToResults.current = false;
    resultsRef.current?.scrollIntoView({ block: 'start' });
  }, [firstShown, addressFilters.page]);

  // The same object while the counts are the same: "fits me first" asking again with the
  // passport after hydration changes the order only, and new props would reach the filters panel
  // that a phone never hydrates (its aside is hidden), holding that render back for good.
  const facets = useStableValue(first?.filters, sameJson);
  const panelProps = {
    filters,
    currency,
    facets,
    onChange: change,
    searchCities,
  };
  // The search the results shown answer (the page's stored filter and the address).
  const answered = effectiveFilters(meta.filter, addressFilters, currency);
  // Where the results shown go: the chosen countries, when some are.
  const countries = resultCountries(first?.filters?.countries ?? [], answered.countries);
  // The cards count heavier horses on the searched dates only, when the search narrows them.
  const searchedDates = narrowsCardDates(answered);
  const mapQuery = tourMapQuery(slug, addressFilters);
  const map =
    items.length > 0 ? (
      <SearchMap
        countries={countries}
        query={mapQuery}
        searchKey={searchKeyOf(mapQuery)}
        onSearchArea={(area) => change({ ...area, placeName: undefined })}
      />
    ) : null;
  const resultsText = `${total} ${total === 1 ? 'tour' : 'tours'}`;

  return (
    <div className="search-page page-container">
      <Breadcrumbs items={meta.breadcrumbs} className="search-page__breadcrumbs" />
      <header className="search-page__header">
        <h1 className="display-heading search-page__title">{meta.h1}</h1>
        {meta.description && <p className="search-page__lead">{meta.description}</p>}
      </header>

      <div className="search-page__layout">
        <aside className="search-page__aside" aria-label="Filters">
          <div className="search-page__panel-head">
            <h2 className="search-page__panel-title">Filters</h2>
            {activeCount > 0 && (
              <button type="button" className="search-link-button" onClick={clear}>
                Clear all
              </button>
            )}
          </div>
          <LazySearchFiltersPanel {...panelProps} />
        </aside>

        <section
          ref={resultsRef}
          className="search-page__results"
          aria-labelledby="search-results-heading"
        >
          <div className="search-page__toolbar">
            <h2 id="search-results-heading" className="search-page__count" aria-live="polite">
              {resultsText}
            </h2>
            <Button
              className="search-page__filters-button"
              onClick={() => {
                setSheetMounted(true);
                setSheetOpen(true);
              }}
            >
              {activeCount > 0 ? `Filters (${activeCount})` : 'Filters'}
            </Button>
            <div className="search-page__sort">
              <LazySortSelect value={filters.sort} onChange={changeSort} />
            </div>
          </div>
          {addressFilters.sort === 'fit' && passportHeader === null && (
            <p className="search-page__note">
              {FIT_NEEDS_PASSPORT}{' '}
              <Link to="/rider-passport" className="search-page__note-link">
                Add your rider passport
              </Link>
            </p>
          )}

          {map}
          {items.length === 0 ? (
            <EmptyState
              variant="search"
              title={t('state.nothing_found_search')}
              description={t('state.try_code')}
              action={
                <>
                  <TourCodeSearch />
                  {(activeCount > 0 || emptyStateAction) && (
                    <div className="search-page__empty-actions">
                      {activeCount > 0 && (
                        <Button theme="primary" onClick={clear}>
                          Clear filters
                        </Button>
                      )}
                      {emptyStateAction}
                    </div>
                  )}
                </>
              }
            />
          ) : (
            <ResultsGrid converting={convertingPrices}>
              {items.map((tour, index) => (
                <li
                  key={tour.id}
                  className="search-page__item"
                  data-tour-id={tour.id}
                  onMouseEnter={() => highlight(tour.id)}
                  onMouseLeave={() => highlight(undefined)}
                  onFocus={() => highlight(tour.id)}
                  onBlur={() => highlight(undefined)}
                >
                  <TourCard
                    tour={tour}
                    eager={index < EAGER_CARDS}
                    priority={index === 0}
                    searchedDates={searchedDates}
                  />
                </li>
              ))}
            </ResultsGrid>
          )}

          {pageCount > 1 && (
            <ResultsPagination
              slug={slug}
              search={search}
              page={addressFilters.page}
              pageCount={pageCount}
              onPageLink={() => {
                scrollToResults.current = true;
              }}
              onLoadMore={() => void loadMore()}
              shown={items.length}
              total={total}
              labels={{
                loadMoreButton: t('pagination.load_more_btn'),
                prevButton: t('pagination.prev_btn'),
                nextButton: t('pagination.next_btn'),
                totalText: (shown, all) =>
                  t('pagination.total_text', { shown: String(shown), total: String(all) }),
              }}
            />
          )}
        </section>
      </div>

      {sheetMounted && (
        <LazyFiltersSheet
          isOpen={sheetOpen}
          onClose={() => setSheetOpen(false)}
          title="Filters"
          footer={
            <div className="search-page__sheet-footer">
              {activeCount > 0 && (
                <Button theme="ghost" onClick={clear}>
                  Clear all
                </Button>
              )}
              <Button theme="primary" block onClick={() => setSheetOpen(false)}>
                {`Show ${resultsText}`}
              </Button>
            </div>
          }
        >
          {map}
          <LazySheetFiltersPanel {...panelProps} />
        </LazyFiltersSheet>
      )}
      <PressableStyle />
      <RiderPassportHeader fitSorted={addressFilters.sort === 'fit'} onChange={setPassportHeader} />
    </div>
  );
}
