import type { components } from '@gallop/api-client';
import { formatNumber } from '@gallop/i18n';
import './home-stats.css';

type Stats = components['schemas']['Stats'];

/** The catalogue counts of the home page (docs/product.md, Entities, stats), in reading order. */
function statItems(stats: Stats): { value: number; label: string }[] {
  return [
    { value: stats.totalCount, label: 'trips to choose from' },
    { value: stats.toursCount, label: 'multi-day tours' },
    { value: stats.cruisesCount, label: 'cruises' },
    { value: stats.authorToursCount, label: 'author tours' },
    { value: stats.verifiedOrganizersCount, label: 'verified organizers' },
    { value: stats.regionsCount, label: 'regions' },
    { value: stats.restKindsCount, label: 'ride styles' },
  ];
}

export function HomeStats({ stats }: { stats: Stats }) {
  return (
    <section className="home-stats" aria-label="Gallop in numbers">
      <dl className="home-stats__list">
        {statItems(stats).map((item) => (
          <div key={item.label} className="home-stats__item">
            <dt className="home-stats__label">{item.label}</dt>
            <dd className="home-stats__value">{formatNumber(item.value)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
