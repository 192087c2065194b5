import { EmptyState } from '@gallop/ui-kit';
import { Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { searchHelpArticles, type HelpSection } from '../../api';
import './help-search.css';

/** Searches the article titles already loaded with the sections: no call per keystroke. */
export function HelpSearch({ sections }: { sections: readonly HelpSection[] }) {
  const [query, setQuery] = useState('');
  const inputId = useId();
  const results = searchHelpArticles(sections, query);
  const searching = query.trim() !== '';
  return (
    <div className="help-search" role="search">
      <label htmlFor={inputId} className="help-search__label">
        Search the help center
      </label>
      <input
        id={inputId}
        type="search"
        className="help-search__input"
        placeholder="For example: refund, prepayment, helmet"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        autoComplete="off"
      />
      <div aria-live="polite" className="help-search__results">
        {searching && results.length > 0 ? (
          <ul className="help-search__list" aria-label="Matching articles">
            {results.map(({ article, section }) => (
              <li key={article.id}>
                <Link
                  to="/help-center/$"
                  params={{ _splat: article.slug }}
                  className="help-search__result"
                >
                  <span className="help-search__result-title">{article.title}</span>
                  <span className="help-search__result-section">{section.title}</span>
                </Link>
              </li>
            ))}
          </ul>
        ) : null}
        {searching && results.length === 0 ? (
          <EmptyState
            variant="search"
            description="Try other words, or browse the topics below."
            className="help-search__empty"
          />
        ) : null}
      </div>
    </div>
  );
}
