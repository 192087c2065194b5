import { useSuspenseQuery } from '@tanstack/react-query';
import { useApi } from '../../../../lib/api';
import { useLinkablePage } from '../../../../lib/legal-pages';
import { infoQueries } from '../../api';
import {
  STATIC_SITEMAP_GROUPS,
  groupAnchor,
  groupSitemapEntries,
  type SitemapGroup,
} from '../../sitemap-model';
import './sitemap-page.css';

/** Weather pages are `/{country}/climate-and-weather` (docs/product.md, Routes). */
const weatherHref = (countrySlug: string) => `/${countrySlug}/climate-and-weather`;

/** `/sitemap`: the site's pages, every SEO search page by group, and the weather by country. */
export function SitemapPage() {
  const api = useApi();
  const { data: seo } = useSuspenseQuery(infoQueries.seoSitemap(api));
  const { data: countries } = useSuspenseQuery(infoQueries.countries(api));
  const searchGroups = groupSitemapEntries(seo.items);
  const weather: SitemapGroup = {
    title: 'Weather by country',
    links: countries.items.map((country) => ({
      href: weatherHref(country.slug),
      text: `Weather in ${country.name}`,
    })),
  };
  const groups = [...searchGroups, ...(weather.links.length > 0 ? [weather] : [])];
  const linkable = useLinkablePage();
  const staticGroups = STATIC_SITEMAP_GROUPS.map((group) => ({
    ...group,
    links: group.links.filter((link) => linkable(link.href)),
  })).filter((group) => group.links.length > 0);
  return (
    <div className="sitemap-page page-container">
      <header className="sitemap-page__header">
        <h1 className="display-heading sitemap-page__title">Sitemap</h1>
        <p className="sitemap-page__lead">Every section of Gallop and every tour search we keep.</p>
      </header>

      <div className="sitemap-page__static">
        {staticGroups.map((group) => (
          <LinkGroup key={group.title} group={group} />
        ))}
      </div>

      {groups.length > 0 && (
        <nav className="sitemap-page__jump" aria-label="Sitemap sections">
          <ul>
            {groups.map((group) => (
              <li key={group.title}>
                <a href={`#${groupAnchor(group.title)}`}>{group.title}</a>
              </li>
            ))}
          </ul>
        </nav>
      )}

      {groups.map((group) => (
        <LinkGroup key={group.title} group={group} wide />
      ))}
    </div>
  );
}

function LinkGroup({ group, wide = false }: { group: SitemapGroup; wide?: boolean }) {
  const id = groupAnchor(group.title);
  return (
    <section
      className={`sitemap-page__group${wide ? ' sitemap-page__group--wide' : ''}`}
      aria-labelledby={id}
    >
      <h2 id={id} className="sitemap-page__heading">
        {group.title}
      </h2>
      <ul className="sitemap-page__links">
        {group.links.map((link) => (
          <li key={link.href}>
            <a href={link.href}>{link.text}</a>
          </li>
        ))}
      </ul>
    </section>
  );
}
