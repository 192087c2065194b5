import { useSuspenseQuery } from '@tanstack/react-query';
import { ButtonLink } from '../../../../components/button-link/button-link';
import { useApi } from '../../../../lib/api';
import { organizerLinks } from '../../../../lib/site';
import { infoQueries } from '../../api';
import { InfoHero } from '../info-hero/info-hero';
import './join-page.css';

export interface JoinPageProps {
  /** The organizer back office, where providers register and log in. */
  organizerUrl: string;
}

const STEPS = [
  {
    title: 'Register in the partner back office',
    text: 'Sign up as an organization (a riding centre, a ranch, a travel company) or as an independent guide with your own tours.',
  },
  {
    title: 'Pass the verification',
    text: 'An independent identity check, a formal screening, a look at your media presence, an expert assessment of your tours and an emotional assessment. Riders see that you are verified.',
  },
  {
    title: 'Publish your tours',
    text: 'Describe the programme day by day, add photos, dates, prices, group sizes and your prepayment terms. Early-booking and seasonal discounts are built in.',
  },
  {
    title: 'Welcome riders',
    text: 'Confirm booking requests, receive prepayments by card secured with 3-D Secure, and send each group its meeting details before the trip.',
  },
] as const;

/** `/join`: why and how tour providers list their tours on Gallop, with register and login links. */
export function JoinPage({ organizerUrl }: JoinPageProps) {
  const api = useApi();
  const { data: stats } = useSuspenseQuery(infoQueries.stats(api));
  const { data: countries } = useSuspenseQuery(infoQueries.countries(api));
  const links = organizerLinks(organizerUrl);
  return (
    <div className="join-page">
      <InfoHero
        tone="dark"
        eyebrow="For tour providers"
        title="Bring your riding tours to Gallop"
        lead={`Gallop connects the people who run horseback tours with riders who are looking for them. List your tours beside those of ${stats.verifiedOrganizersCount} verified providers, in a catalogue that spans ${countries.items.length} countries, and manage your bookings from one back office.`}
        actions={
          <>
            <ButtonLink href={links.register} theme="primary" size="lg">
              Register as a provider
            </ButtonLink>
            <ButtonLink href={links.login} theme="light" size="lg">
              Log in to the back office
            </ButtonLink>
          </>
        }
        stats={[
          { value: stats.verifiedOrganizersCount, label: 'verified providers' },
          { value: stats.totalCount, label: 'trips listed' },
          { value: stats.authorToursCount, label: 'tours by independent guides' },
          { value: stats.regionsCount, label: 'regions' },
        ]}
      />

      <div className="page-container">
        <section className="join-page__section" aria-labelledby="join-steps-heading">
          <h2 id="join-steps-heading" className="display-heading join-page__heading">
            How it works
          </h2>
          <ol className="join-page__steps">
            {STEPS.map((step, index) => (
              <li key={step.title} className="join-page__step">
                <span className="join-page__step-number" aria-hidden="true">
                  {index + 1}
                </span>
                <h3 className="join-page__step-title">{step.title}</h3>
                <p>{step.text}</p>
              </li>
            ))}
          </ol>
        </section>

        <section className="join-page__section join-page__split" aria-labelledby="join-who-heading">
          <h2 id="join-who-heading" className="display-heading join-page__heading">
            Who lists on Gallop
          </h2>
          <div className="join-page__who">
            <div>
              <h3 className="join-page__subheading">Organizations</h3>
              <p>
                Riding centres, ranches, stables and travel companies that run scheduled tours,
                excursions or cruises with riding days.
              </p>
            </div>
            <div>
              <h3 className="join-page__subheading">Independent guides</h3>
              <p>
                Guides who design and lead their own routes. Their author tours carry their name,
                and riders write to them directly.
              </p>
            </div>
          </div>
        </section>

        <section className="join-page__section" aria-labelledby="join-standards-heading">
          <h2 id="join-standards-heading" className="display-heading join-page__heading">
            Our standards
          </h2>
          <p className="join-page__text">
            Riders choose Gallop because every provider is checked before their first tour goes
            live, and because reviews matter here: providers who collect bad reviews can be removed
            permanently, so the good ones stand out.
          </p>
        </section>

        <section className="join-page__cta" aria-labelledby="join-cta-heading">
          <h2 id="join-cta-heading" className="display-heading join-page__heading">
            Ready to welcome riders?
          </h2>
          <div className="join-page__actions">
            <ButtonLink href={links.register} theme="primary" size="lg">
              Register as a provider
            </ButtonLink>
            <a className="join-page__contact" href="/contacts">
              Questions first? Contact us
            </a>
          </div>
        </section>
      </div>
    </div>
  );
}
