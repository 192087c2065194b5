import { Breadcrumbs } from '@gallop/ui-kit';
import { useSuspenseQueries, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useRouterState } from '@tanstack/react-router';
import { buttonClassName } from '@gallop/ui-kit';
import { ButtonLink } from '../../../../components/button-link/button-link';
import { useApi } from '../../../../lib/api';
import { organizerLinks } from '../../../../lib/site';
import { hubPages, organizerQueries } from '../../api';
import { mergePages } from '../../merge-pages';
import { ProviderCard } from '../provider-card/provider-card';
import './providers-hub.css';

export interface ProvidersHubProps {
  /** Pages 1 to `page` are shown (`?page=N`). */
  page: number;
  /** The organizer back office, where providers register. */
  organizerUrl: string;
}

/** The providers hub (`/tour-providers`): every published provider, best rated first. */
export function ProvidersHub({ page, organizerUrl }: ProvidersHubProps) {
  const api = useApi();
  const { data: stats } = useSuspenseQuery(organizerQueries.stats(api));
  const { data: first } = useSuspenseQuery(organizerQueries.hub(api, 1));
  const { page_count: pageCount, total } = first.pagination;
  const pages = hubPages(page, pageCount);
  const later = useSuspenseQueries({
    queries: pages.slice(1).map((number) => organizerQueries.hub(api, number)),
  });
  const providers = mergePages([first.items, ...later.map((query) => query.data.items)]);
  const lastPage = pages.length;
  const loadingMore = useRouterState({ select: (state) => state.status === 'pending' });
  const register = organizerLinks(organizerUrl).register;

  return (
    <div className="providers-hub page-container">
      <Breadcrumbs
        className="providers-hub__breadcrumbs"
        items={[
          { url: '/', text: 'Home' },
          { url: '/tour-providers', text: 'Tour providers' },
        ]}
      />
      <header className="providers-hub__header">
        <h1 className="display-heading providers-hub__title">
          Local riding guides and tour companies
        </h1>
        <p className="providers-hub__lead">
          {total} providers run the tours on Gallop, from family stables to expedition outfitters.{' '}
          {stats.verifiedOrganizersCount} of them have verified their identity, phone and email.
        </p>
      </header>

      <section className="providers-hub__list" aria-labelledby="providers-heading">
        <h2 id="providers-heading" className="providers-hub__count">
          Showing {providers.length} of {total} providers
        </h2>
        <ul className="providers-hub__grid" aria-busy={loadingMore || undefined}>
          {providers.map((organizer) => (
            <li key={organizer.id}>
              <ProviderCard organizer={organizer} />
            </li>
          ))}
        </ul>
        {lastPage < pageCount && (
          <Link
            to="/tour-providers"
            search={{ page: lastPage + 1 }}
            resetScroll={false}
            className={`${buttonClassName()} providers-hub__more`}
          >
            <span className="gk-button__label">Show more</span>
          </Link>
        )}
      </section>

      <aside className="providers-hub__join" aria-labelledby="providers-join-heading">
        <div>
          <h2 id="providers-join-heading" className="display-heading providers-hub__join-title">
            Do you run horseback tours?
          </h2>
          <p className="providers-hub__join-text">
            List your tours on Gallop and reach riders from around the world. Register in the
            provider back office; we verify every provider before their tours go live.
          </p>
        </div>
        <ButtonLink theme="primary" href={register}>
          Become a provider
        </ButtonLink>
      </aside>
    </div>
  );
}
