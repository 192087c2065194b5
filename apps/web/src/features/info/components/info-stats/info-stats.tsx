import { formatNumber } from '@gallop/i18n';
import './info-stats.css';

export interface InfoStat {
  value: number;
  label: string;
}

export interface InfoStatsProps {
  items: readonly InfoStat[];
  /** Accessible name of the list. */
  label: string;
}

/** A strip of catalogue numbers: large figure, short label. */
export function InfoStats({ items, label }: InfoStatsProps) {
  return (
    <dl className="info-stats" aria-label={label}>
      {items.map((item) => (
        <div key={item.label} className="info-stats__item">
          <dt className="info-stats__label">{item.label}</dt>
          <dd className="info-stats__value">{formatNumber(item.value)}</dd>
        </div>
      ))}
    </dl>
  );
}
