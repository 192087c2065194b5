import { useSuspenseQuery } from '@tanstack/react-query';
import { ButtonLink } from '../../../../components/button-link/button-link';
import { useApi } from '../../../../lib/api';
import { organizerLinks } from '../../../../lib/site';
import { useSiteInfo } from '../../../../lib/site-info';
import { formatDateRange } from '../../../../lib/tour-format';
import { homeQueries } from '../../api';
import { periodSearchHref, seasonsBySoonest } from '../../seasons';
import { BestTours } from '../best-tours/best-tours';
import { CategoryTiles } from '../category-tiles/category-tiles';
import { HomeHero } from '../home-hero/home-hero';
import { HomeStats } from '../home-stats/home-stats';
import './home-page.css';

export interface HomePageProps {
  /** The organizer back office, where providers register and log in. */
  organizerUrl: string;
}

/** Trust claims of the help copy (docs/product.md, Who it is for). */
const trustClaims = [
  {
    title: 'Providers are vetted',
    text: "Organizers go through third-party identity verification, a formal screening, checks of their media presence, an expert assessment and an emotional assessment. Each organizer's page shows which checks they have passed.",
  },
  {
    title: 'Payments secured by 3-D Secure',
    text: 'Card payments are confirmed with 3-D Secure, and no card data is stored by Gallop.',
  },
  {
    title: 'Reviews have consequences',
    text: 'Providers who collect bad reviews can be removed from Gallop permanently.',
  },
] as const;

/**
 * The landing: videos and search, the catalogue in numbers, best tours, ride styles, collections,
 * seasons.
 */
export function HomePage({ organizerUrl }: HomePageProps) {
  const api = useApi();
  const info = useSiteInfo();
  const { data: stats } = useSuspenseQuery(homeQueries.stats(api));
  const { data: bestTours } = useSuspenseQuery(homeQueries.bestTours(api));
  const { data: restKinds } = useSuspenseQuery(homeQueries.restKinds(api));
  const { data: collections } = useSuspenseQuery(homeQueries.collections(api));
  const { data: seasons } = useSuspenseQuery(homeQueries.seasons(api));
  const seasonTiles = seasonsBySoonest(seasons.items);
  const links = organizerLinks(organizerUrl);
  return (
    <>
      <HomeHero videos={info?.landing_videos ?? []} />
      <div className="page-container">
        <HomeStats stats={stats} />
        <BestTours tours={bestTours.items} />
        <CategoryTiles
          id="rest-kinds-heading"
          title="Find your kind of ride"
          lead="From beach gallops to week-long mountain expeditions."
          items={restKinds.items}
          layout="compact"
        />
        <CategoryTiles
          id="collections-heading"
          title="Collections"
          lead="Tours picked for a kind of rider, a season or a special trip."
          items={collections.items}
          layout="wide"
          more={{ limit: 6, href: '/collections', label: 'All collections' }}
        />
        {seasonTiles.length > 0 && (
          <CategoryTiles
            id="seasons-heading"
            title="Seasons"
            lead="Pick a time of year and see the tours with dates in it."
            items={seasonTiles}
            layout="strip"
            linkOf={(season) => ({
              href: periodSearchHref(season),
              detail: formatDateRange(season.date_from, season.date_to),
            })}
          />
        )}

        <section className="home-section home-trust" aria-labelledby="home-trust-heading">
          <h2 id="home-trust-heading" className="display-heading home-section__heading">
            Why riders trust Gallop
          </h2>
          <ul className="home-trust__list">
            {trustClaims.map((claim, index) => (
              <li key={claim.title} className="home-trust__item">
                <span className="home-trust__number" aria-hidden="true">
                  {String(index + 1).padStart(2, '0')}
                </span>
                <h3 className="home-trust__title">{claim.title}</h3>
                <p className="home-trust__text">{claim.text}</p>
              </li>
            ))}
          </ul>
        </section>

        <section className="home-organizers" aria-labelledby="home-organizers-heading">
          <div className="home-organizers__text">
            <h2 id="home-organizers-heading" className="display-heading home-section__heading">
              Do you run horseback tours?
            </h2>
            <p>
              Organizations and individual guides publish their tours, answer riders and share
              meeting details from the Gallop partner back office.
            </p>
          </div>
          <div className="home-organizers__actions">
            <ButtonLink href={links.register} theme="primary" size="lg">
              Register as an organizer
            </ButtonLink>
            <ButtonLink href={links.login} size="lg">
              Organizer login
            </ButtonLink>
          </div>
        </section>
      </div>
    </>
  );
}
