import type { components } from '@gallop/api-client';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { legalDocuments } from '#src/db/schema/index.ts';

type LegalDocument = components['schemas']['LegalDocument'];
export type LegalKind = LegalDocument['kind'];

/** The versions the site shows: a withdrawn one is kept in the table, not shown (decision 169). */
export const notWithdrawn = isNull(legalDocuments.withdrawnAt);

/**
 * A legal document of `kind`: the given version, or without one the version in force on `today`
 * (the newest whose effective date has come; a kind whose every version is still ahead shows its
 * first). `versions` lists every published version not withdrawn, newest first, so the page can
 * link them.
 */
export async function findLegalDocument(
  db: Database,
  kind: LegalKind,
  version: number | undefined,
  today: string,
): Promise<LegalDocument | undefined> {
  const rows = await db
    .select()
    .from(legalDocuments)
    .where(and(eq(legalDocuments.kind, kind), notWithdrawn))
    .orderBy(desc(legalDocuments.version));
  const chosen =
    version === undefined
      ? (rows.find((row) => row.effectiveFrom <= today) ?? rows.at(-1))
      : rows.find((row) => row.version === version);
  if (!chosen) return undefined;
  return {
    kind: chosen.kind,
    version: chosen.version,
    title: chosen.title,
    body: chosen.body,
    effective_from: chosen.effectiveFrom,
    versions: rows.map((row) => ({ version: row.version, effective_from: row.effectiveFrom })),
  };
}

/**
 * The web's page of each kind: the spec's four, and the Cookie Policy the privacy policy cites
 * (decision 103). Every document a legal text links to has a page here.
 */
export const LEGAL_ROUTES: Record<LegalKind, string> = {
  terms: '/agreement',
  offer: '/tour-provider-agreement',
  privacy: '/privacy',
  safety_rules: '/safety-rules',
  cookies: '/cookie-policy',
};

/**
 * The kinds that have a published version not withdrawn (any version: a kind whose first version
 * is still ahead shows that one), so the web links only documents that have a page (decisions 166,
 * 169).
 */
export async function listPublishedLegalKinds(db: Database): Promise<LegalKind[]> {
  const rows = await db
    .selectDistinct({ kind: legalDocuments.kind })
    .from(legalDocuments)
    .where(notWithdrawn);
  const published = new Set(rows.map((row) => row.kind));
  return (Object.keys(LEGAL_ROUTES) as LegalKind[]).filter((kind) => published.has(kind));
}
