import { Breadcrumbs } from '@gallop/ui-kit';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useApi } from '../../../../lib/api';
import { listingQueries, type WorldPartGroup } from '../../api';
import { CountryCard } from '../country-card/country-card';
import { DestinationsMap } from '../destinations-map/destinations-map';
import './destinations-page.css';

/** '1 country', '37 countries' (`countText` only adds an s). */
const countriesText = (count: number) => (count === 1 ? '1 country' : `${count} countries`);

/** The anchor of a world part's section (`#europe`). */
const partAnchor = (part: WorldPartGroup) => part.slug ?? `world-part-${part.id}`;

/** Destinations (`/destinations`): world parts, their countries, then regions and cities. */
export function DestinationsPage() {
  const api = useApi();
  const { data } = useSuspenseQuery(listingQueries.worldParts(api));
  const parts = data.items.filter((part) => part.countries.length > 0);
  const countryCount = parts.reduce((sum, part) => sum + part.countries.length, 0);
  return (
    <div className="destinations-page page-container">
      <Breadcrumbs
        className="destinations-page__breadcrumbs"
        items={[
          { url: '/', text: 'Home' },
          { url: '/destinations', text: 'Destinations' },
        ]}
      />
      <header className="destinations-page__header">
        <h1 className="display-heading destinations-page__title">Where to ride</h1>
        <p className="destinations-page__lead">
          Horseback tours in {countriesText(countryCount)} across {parts.length} parts of the world.
          Pick a country to see its tours, or open its regions and cities.
        </p>
      </header>

      <DestinationsMap countries={parts.flatMap((part) => part.countries)} />

      <nav className="destinations-page__jump" aria-label="Parts of the world">
        <ul>
          {parts.map((part) => (
            <li key={part.id}>
              <a href={`#${partAnchor(part)}`}>{part.name}</a>
            </li>
          ))}
        </ul>
      </nav>

      {parts.map((part) => (
        <section
          key={part.id}
          id={partAnchor(part)}
          className="destinations-page__part"
          aria-labelledby={`${partAnchor(part)}-heading`}
        >
          <div className="destinations-page__part-head">
            <h2 id={`${partAnchor(part)}-heading`} className="display-heading">
              {part.name}
            </h2>
            <p>{countriesText(part.countries.length)}</p>
          </div>
          <ul className="destinations-page__grid">
            {part.countries.map((country) => (
              <li key={country.id}>
                <CountryCard country={country} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
