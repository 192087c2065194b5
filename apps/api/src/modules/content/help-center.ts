import type { components } from '@gallop/api-client';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { helpArticles, helpSections } from '#src/db/schema/index.ts';

type Schemas = components['schemas'];
type SectionRow = typeof helpSections.$inferSelect;
type ArticleRow = typeof helpArticles.$inferSelect;

/** Article fields shown in lists: no body (lists only link to the article). */
const articleListColumns = {
  id: helpArticles.id,
  sectionId: helpArticles.sectionId,
  slug: helpArticles.slug,
  title: helpArticles.title,
  updatedAt: helpArticles.updatedAt,
};

function toArticle(row: Omit<ArticleRow, 'body' | 'position'> & { body?: string }) {
  return {
    id: row.id,
    section_id: row.sectionId,
    slug: row.slug,
    title: row.title,
    ...(row.body === undefined ? {} : { body: row.body }),
    updated_at: row.updatedAt.toISOString(),
  } satisfies Schemas['HelpArticle'];
}

function toSection(row: SectionRow, articles: Schemas['HelpArticle'][]): Schemas['HelpSection'] {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    description: row.description,
    articles,
  };
}

/** Every section in order, each with its article titles in order. */
export async function listHelpSections(db: Database): Promise<Schemas['HelpSection'][]> {
  const [sections, articles] = await Promise.all([
    db.select().from(helpSections).orderBy(asc(helpSections.position), asc(helpSections.id)),
    db
      .select(articleListColumns)
      .from(helpArticles)
      .orderBy(asc(helpArticles.position), asc(helpArticles.id)),
  ]);
  return sections.map((section) =>
    toSection(
      section,
      articles.filter((article) => article.sectionId === section.id).map(toArticle),
    ),
  );
}

export async function findHelpSection(
  db: Database,
  slug: string,
): Promise<Schemas['HelpSection'] | undefined> {
  const [section] = await db.select().from(helpSections).where(eq(helpSections.slug, slug));
  if (!section) return undefined;
  const articles = await db
    .select(articleListColumns)
    .from(helpArticles)
    .where(eq(helpArticles.sectionId, section.id))
    .orderBy(asc(helpArticles.position), asc(helpArticles.id));
  return toSection(section, articles.map(toArticle));
}

export async function findHelpArticle(
  db: Database,
  slug: string,
): Promise<Schemas['HelpArticle'] | undefined> {
  const [article] = await db.select().from(helpArticles).where(eq(helpArticles.slug, slug));
  return article ? toArticle(article) : undefined;
}
