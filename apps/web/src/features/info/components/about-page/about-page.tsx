import { useSuspenseQuery } from '@tanstack/react-query';
import { ButtonLink } from '../../../../components/button-link/button-link';
import { useApi } from '../../../../lib/api';
import { infoQueries } from '../../api';
import { InfoHero } from '../info-hero/info-hero';
import './about-page.css';

/** The vetting steps every provider passes (docs/product.md, Who it is for, trust claims). */
const VETTING_STEPS = [
  'Identity verification by an independent third-party service',
  'A formal screening of the business and its documents',
  'Checks of the provider’s media presence: site, social pages, published photos',
  'An expert assessment of the tours, the horses and the routes',
  'An emotional assessment: how the team treats riders and animals',
] as const;

/** `/about`: what Gallop is, how providers are chosen, how booking stays safe. */
export function AboutPage() {
  const api = useApi();
  const { data: stats } = useSuspenseQuery(infoQueries.stats(api));
  const { data: countries } = useSuspenseQuery(infoQueries.countries(api));
  const offers = [
    {
      title: 'Multi-day riding tours',
      count: stats.toursCount,
      text: 'Trail rides, expeditions and ranch weeks from a few days to a few weeks, with horses, guides and usually meals and lodging arranged.',
    },
    {
      title: 'Tours by independent guides',
      count: stats.authorToursCount,
      text: 'Author tours led by the guide who designed them, often in small groups and off the usual routes.',
    },
    {
      title: 'Cruises',
      count: stats.cruisesCount,
      text: 'River, lake and sea voyages with riding days ashore, for a region seen from the water and from the saddle.',
    },
  ];
  return (
    <div className="about-page">
      <InfoHero
        tone="light"
        eyebrow="About Gallop"
        title="Horseback holidays with local providers you can trust"
        lead="Gallop is a marketplace for riding holidays. Tours, day excursions and cruises by independent providers sit side by side, with their programmes, dates, prices and reviews, so you can compare them in one place and book the one that fits you."
        stats={[
          { value: stats.totalCount, label: 'trips to choose from' },
          { value: countries.items.length, label: 'countries' },
          { value: stats.regionsCount, label: 'regions' },
          { value: stats.verifiedOrganizersCount, label: 'verified providers' },
          { value: stats.restKindsCount, label: 'ride styles' },
        ]}
      />

      <div className="page-container">
        <section className="about-page__section" aria-labelledby="about-offer-heading">
          <h2 id="about-offer-heading" className="display-heading about-page__heading">
            What you will find here
          </h2>
          <ul className="about-page__offers">
            {offers.map((offer) => (
              <li key={offer.title} className="about-page__offer">
                <p className="about-page__offer-count">{offer.count}</p>
                <h3 className="about-page__offer-title">{offer.title}</h3>
                <p>{offer.text}</p>
              </li>
            ))}
          </ul>
        </section>

        <section
          className="about-page__section about-page__split"
          aria-labelledby="about-vetting-heading"
        >
          <div>
            <h2 id="about-vetting-heading" className="display-heading about-page__heading">
              How we choose providers
            </h2>
            <p className="about-page__text">
              Riding holidays depend on the people who run them. Before a provider can publish a
              tour on Gallop, they go through five checks:
            </p>
          </div>
          <ol className="about-page__steps">
            {VETTING_STEPS.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </section>

        <section className="about-page__section" aria-labelledby="about-safety-heading">
          <h2 id="about-safety-heading" className="display-heading about-page__heading">
            Booking and paying safely
          </h2>
          <div className="about-page__columns">
            <div>
              <h3 className="about-page__subheading">Secure card payments</h3>
              <p className="about-page__text">
                Card payments are confirmed with 3-D Secure by your bank. Gallop does not store card
                data.
              </p>
            </div>
            <div>
              <h3 className="about-page__subheading">Reviews with consequences</h3>
              <p className="about-page__text">
                Riders review their trips after they return. Providers who collect bad reviews can
                be removed from Gallop permanently.
              </p>
            </div>
            <div>
              <h3 className="about-page__subheading">People to talk to</h3>
              <p className="about-page__text">
                Our support team answers by phone, email and messenger.{' '}
                <a href="/contacts">See our contacts</a>.
              </p>
            </div>
          </div>
        </section>

        <section className="about-page__cta" aria-labelledby="about-cta-heading">
          <h2 id="about-cta-heading" className="display-heading about-page__heading">
            Where would you like to ride?
          </h2>
          <div className="about-page__actions">
            <ButtonLink href="/destinations" theme="primary" size="lg">
              Browse destinations
            </ButtonLink>
            <ButtonLink href="/join" theme="ghost" size="lg">
              Run tours? Join Gallop
            </ButtonLink>
          </div>
        </section>
      </div>
    </div>
  );
}
