import type { components, GallopClient } from '@gallop/api-client';
import {
  getHelpCenterArticleQueryOptions,
  getHelpCenterSectionQueryOptions,
  listHelpCenterSectionsQueryOptions,
} from '@gallop/api-client/query';
import type { QueryClient } from '@tanstack/react-query';
import { notFound } from '@tanstack/react-router';
import { orNotFound } from '../../lib/not-found';

export type HelpSection = components['schemas']['HelpSection'];
export type HelpArticle = components['schemas']['HelpArticle'];

export function helpSectionsQueryOptions(api: GallopClient<true>) {
  return listHelpCenterSectionsQueryOptions(api);
}

export function helpSectionQueryOptions(api: GallopClient<true>, slug: string) {
  return getHelpCenterSectionQueryOptions(api, { query: { slug } });
}

export function helpArticleQueryOptions(api: GallopClient<true>, slug: string) {
  return getHelpCenterArticleQueryOptions(api, { query: { slug } });
}

/**
 * What `/help-center/{slug}` addresses: section and article slugs share the address space (the
 * API keeps them apart), so the list of sections tells which one a slug is.
 */
export type HelpPage =
  | { kind: 'home' }
  | { kind: 'section'; section: HelpSection }
  | { kind: 'article'; section: HelpSection; slug: string };

export function resolveHelpPage(
  sections: readonly HelpSection[],
  slug: string | undefined,
): HelpPage | undefined {
  if (!slug) return { kind: 'home' };
  for (const section of sections) {
    if (section.slug === slug) return { kind: 'section', section };
    if (section.articles?.some((article) => article.slug === slug)) {
      return { kind: 'article', section, slug };
    }
  }
  return undefined;
}

/** What a help center page puts in the document head. */
export interface HelpHeadData {
  title: string;
  description: string;
  canonical: string;
}

const HOME_HEAD: HelpHeadData = {
  title: 'Help center',
  description:
    'Answers about booking horseback tours, payments, cancellations, safety and your Gallop account.',
  canonical: '/help-center',
};

/** Text for a description: tags removed, spaces collapsed, cut on a word near 160 characters. */
export function plainSummary(html: string, length = 160): string {
  const flat = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (flat.length <= length) return flat;
  return `${flat.slice(0, length - 1).replace(/\s+\S*$/, '')}…`;
}

/**
 * Loads a help center page for a loader: the sections (the sidebar) and, for a slug, the section
 * or the article it names. A slug that is neither is the 404 page.
 */
export async function ensureHelpCenterPage(
  queryClient: QueryClient,
  api: GallopClient<true>,
  slug: string | undefined,
): Promise<HelpHeadData> {
  const { items } = await queryClient.ensureQueryData(helpSectionsQueryOptions(api));
  const page = resolveHelpPage(items, slug);
  if (!page) throw notFound();
  if (page.kind === 'home') return HOME_HEAD;
  if (page.kind === 'section') {
    const section = await orNotFound(
      queryClient.ensureQueryData(helpSectionQueryOptions(api, page.section.slug)),
    );
    return {
      title: `${section.title}: Help center`,
      description: section.description ?? HOME_HEAD.description,
      canonical: `/help-center/${section.slug}`,
    };
  }
  const article = await orNotFound(
    queryClient.ensureQueryData(helpArticleQueryOptions(api, page.slug)),
  );
  return {
    title: article.title,
    description: article.body ? plainSummary(article.body) : HOME_HEAD.description,
    canonical: `/help-center/${article.slug}`,
  };
}

/** Articles whose titles hold every word of the query (case and accents ignored). */
export function searchHelpArticles(
  sections: readonly HelpSection[],
  query: string,
): { article: HelpArticle; section: HelpSection }[] {
  const fold = (text: string) =>
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase();
  const words = fold(query)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  if (words.length === 0) return [];
  return sections.flatMap((section) =>
    (section.articles ?? [])
      .filter((article) => {
        const title = fold(article.title);
        return words.every((word) => title.includes(word));
      })
      .map((article) => ({ article, section })),
  );
}
