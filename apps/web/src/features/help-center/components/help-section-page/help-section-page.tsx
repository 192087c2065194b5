import { Breadcrumbs } from '@gallop/ui-kit';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useApi } from '../../../../lib/api';
import { helpSectionQueryOptions, helpSectionsQueryOptions, type HelpSection } from '../../api';
import { HelpCenterLayout } from '../help-center-layout/help-center-layout';
import './help-section-page.css';

/** A help center section (`/help-center/{section}`): its description and article links. */
export function HelpSectionPage({ slug }: { slug: string }) {
  const api = useApi();
  const { data: list } = useSuspenseQuery(helpSectionsQueryOptions(api));
  const { data: section } = useSuspenseQuery(helpSectionQueryOptions(api, slug));
  return <HelpSectionPageView sections={list.items} section={section} />;
}

function HelpSectionPageView({
  sections,
  section,
}: {
  sections: readonly HelpSection[];
  section: HelpSection;
}) {
  return (
    <HelpCenterLayout sections={sections} sectionSlug={section.slug}>
      <Breadcrumbs
        className="help-section-page__breadcrumbs"
        items={[
          { url: '/help-center', text: 'Help center' },
          { url: `/help-center/${section.slug}`, text: section.title },
        ]}
      />
      <h1 className="display-heading help-section-page__title">{section.title}</h1>
      {section.description ? (
        <p className="help-section-page__description">{section.description}</p>
      ) : null}
      <ul className="help-section-page__articles">
        {(section.articles ?? []).map((article) => (
          <li key={article.id}>
            <Link
              to="/help-center/$"
              params={{ _splat: article.slug }}
              className="help-section-page__article"
            >
              <span>{article.title}</span>
              <span aria-hidden="true" className="help-section-page__arrow">
                →
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </HelpCenterLayout>
  );
}
