import { Breadcrumbs } from '@gallop/ui-kit';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { formatContentDate } from '../../../../components/rich-text/content-date';
import { RichText } from '../../../../components/rich-text/rich-text';
import { useApi } from '../../../../lib/api';
import {
  helpArticleQueryOptions,
  helpSectionsQueryOptions,
  type HelpArticle,
  type HelpSection,
} from '../../api';
import { HelpCenterLayout } from '../help-center-layout/help-center-layout';
import './help-article-page.css';

/** A help center article (`/help-center/{article}`), from the queries the loader filled. */
export function HelpArticlePage({ slug }: { slug: string }) {
  const api = useApi();
  const { data: list } = useSuspenseQuery(helpSectionsQueryOptions(api));
  const { data: article } = useSuspenseQuery(helpArticleQueryOptions(api, slug));
  return <HelpArticlePageView sections={list.items} article={article} />;
}

function HelpArticlePageView({
  sections,
  article,
}: {
  sections: readonly HelpSection[];
  article: HelpArticle;
}) {
  const section = sections.find((item) => item.id === article.section_id);
  const related = (section?.articles ?? []).filter((item) => item.id !== article.id);
  return (
    <HelpCenterLayout
      sections={sections}
      sectionSlug={section?.slug ?? ''}
      articleSlug={article.slug}
    >
      <article className="help-article-page">
        <Breadcrumbs
          className="help-article-page__breadcrumbs"
          items={[
            { url: '/help-center', text: 'Help center' },
            ...(section ? [{ url: `/help-center/${section.slug}`, text: section.title }] : []),
            { url: `/help-center/${article.slug}`, text: article.title },
          ]}
        />
        <h1 className="display-heading help-article-page__title">{article.title}</h1>
        {article.updated_at ? (
          <p className="help-article-page__updated">
            Updated{' '}
            <time dateTime={article.updated_at}>{formatContentDate(article.updated_at)}</time>
          </p>
        ) : null}
        {article.body ? <RichText html={article.body} className="help-article-page__body" /> : null}
      </article>
      {section && related.length > 0 ? (
        <section className="help-article-page__related" aria-labelledby="related-heading">
          <h2 id="related-heading" className="help-article-page__related-title">
            More in {section.title}
          </h2>
          <ul>
            {related.map((item) => (
              <li key={item.id}>
                <Link to="/help-center/$" params={{ _splat: item.slug }}>
                  {item.title}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </HelpCenterLayout>
  );
}
