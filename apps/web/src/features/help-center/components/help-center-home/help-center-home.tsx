import { countText } from '@gallop/ui-kit';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useApi } from '../../../../lib/api';
import { helpSectionsQueryOptions, type HelpSection } from '../../api';
import { HelpSearch } from '../help-search/help-search';
import './help-center-home.css';

/** Articles listed on a section's card; the rest are a click away on the section page. */
const ARTICLES_PER_CARD = 4;

/** The help center's front page (`/help-center`): search and every section with its top articles. */
export function HelpCenterHome({ footer }: { footer?: ReactNode }) {
  const api = useApi();
  const { data } = useSuspenseQuery(helpSectionsQueryOptions(api));
  return <HelpCenterHomeView sections={data.items} footer={footer} />;
}

function HelpCenterHomeView({
  sections,
  footer,
}: {
  sections: readonly HelpSection[];
  /** Under the topics, e.g. the route's 'Help me choose a tour' card. */
  footer?: ReactNode;
}) {
  return (
    <div className="help-center-home">
      <header className="help-center-home__hero">
        <div className="page-container">
          <p className="help-center-home__eyebrow">Help center</p>
          <h1 className="display-heading help-center-home__title">How can we help?</h1>
          <p className="help-center-home__intro">
            Answers about booking a tour, payments, cancellations, safety and your account.
          </p>
          <HelpSearch sections={sections} />
        </div>
      </header>
      <div className="page-container">
        <ul className="help-center-home__sections" aria-label="Help topics">
          {sections.map((section) => {
            const articles = section.articles ?? [];
            return (
              <li key={section.id} className="help-center-home__card">
                <h2 className="help-center-home__card-title">
                  <Link to="/help-center/$" params={{ _splat: section.slug }}>
                    {section.title}
                  </Link>
                </h2>
                {section.description ? (
                  <p className="help-center-home__card-description">{section.description}</p>
                ) : null}
                <ul className="help-center-home__card-articles">
                  {articles.slice(0, ARTICLES_PER_CARD).map((article) => (
                    <li key={article.id}>
                      <Link to="/help-center/$" params={{ _splat: article.slug }}>
                        {article.title}
                      </Link>
                    </li>
                  ))}
                </ul>
                {articles.length > ARTICLES_PER_CARD ? (
                  <Link
                    to="/help-center/$"
                    params={{ _splat: section.slug }}
                    className="help-center-home__card-all"
                    aria-label={`All ${articles.length} articles: ${section.title}`}
                  >
                    {`All ${countText('{count} article(s)', articles.length)}`} →
                  </Link>
                ) : null}
              </li>
            );
          })}
        </ul>
        {footer ? <div className="help-center-home__footer">{footer}</div> : null}
      </div>
    </div>
  );
}
