import type { ReactNode } from 'react';
import { InfoStats, type InfoStat } from '../info-stats/info-stats';
import './info-hero.css';

export interface InfoHeroProps {
  /** The small line above the title. */
  eyebrow: string;
  title: string;
  lead: ReactNode;
  /** Sand for travellers, night purple for providers. */
  tone: 'light' | 'dark';
  /** The catalogue numbers, in a strip that overlaps the hero's lower edge. */
  stats: readonly InfoStat[];
  /** Buttons under the lead. */
  actions?: ReactNode;
}

/** The opening of the about and join pages: title, lead, actions and the numbers. */
export function InfoHero({ eyebrow, title, lead, tone, stats, actions }: InfoHeroProps) {
  return (
    <>
      <header className={`info-hero info-hero--${tone}`}>
        <div className="page-container">
          <p className="info-hero__eyebrow">{eyebrow}</p>
          <h1 className="display-heading info-hero__title">{title}</h1>
          <p className="info-hero__lead">{lead}</p>
          {actions && <div className="info-hero__actions">{actions}</div>}
        </div>
      </header>
      <div className="page-container">
        <div className="info-hero__stats">
          <InfoStats label="Gallop in numbers" items={stats} />
        </div>
      </div>
    </>
  );
}
