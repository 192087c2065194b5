import { ButtonLink } from '../../../../components/button-link/button-link';
import { organizerLinks } from '../../../../lib/site';
import { HeroLandscape } from './hero-landscape';
import './home-page.css';

export interface HomePageProps {
  /** The organizer back office, where providers register and log in. */
  organizerUrl: string;
}

/** Trust claims from the spec's help copy (section 1). */
const trustClaims = [
  {
    title: 'Every provider is vetted',
    text: 'Before listing, organizers pass third-party identity verification, a formal screening, checks of their media presence, an expert assessment and an emotional assessment.',
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

export function HomePage({ organizerUrl }: HomePageProps) {
  const links = organizerLinks(organizerUrl);
  return (
    <>
      <section className="home-hero" aria-labelledby="home-hero-heading">
        <div className="home-hero__text">
          <p className="home-hero__eyebrow">Multi-day guided horseback tours</p>
          <h1 id="home-hero-heading" className="display-heading home-hero__heading">
            Horseback tours with local guides
          </h1>
          <p className="home-hero__lead">
            Ride for several days through mountains, steppes and coastlines with guides who know
            every trail. Each tour is run by an independent provider who has been checked before
            listing.
          </p>
          <ul className="home-hero__points" aria-label="Why book with Gallop">
            <li>Vetted providers</li>
            <li>3-D Secure payments</li>
            <li>Honest reviews</li>
          </ul>
        </div>
        <div className="home-hero__art">
          <HeroLandscape />
        </div>
      </section>

      <section className="home-trust" aria-labelledby="home-trust-heading">
        <h2 id="home-trust-heading" className="display-heading home-section-heading">
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
          <h2 id="home-organizers-heading" className="display-heading home-section-heading">
            Do you run horseback tours?
          </h2>
          <p>
            Organizations and individual guides publish their tours, answer riders and share meeting
            details from the Gallop partner back office.
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
    </>
  );
}
