/**
 * Publishing a legal document's new version, and withdrawing a document: the core of
 * `pnpm --filter @gallop/api legal` (`src/db/legal-cli.ts`, decisions 166 and 169). Versions count
 * up from 1 per kind; a version takes effect on its date, and the page shows the newest whose date
 * has come (`findLegalDocument`). A withdrawn version is kept but never shown again.
 */
import { and, desc, eq, max, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { legalDocuments } from '#src/db/schema/index.ts';
import { LEGAL_ROUTES, notWithdrawn, type LegalKind } from './legal.ts';
import { legalTextToHtml } from './legal-text.ts';

/** The title of a document whose file has no `# Title` line: the demo's titles. */
const DEFAULT_TITLES: Record<LegalKind, string> = {
  terms: 'Terms of Use',
  privacy: 'Privacy Policy',
  cookies: 'Cookie Policy',
  offer: 'Tour Provider Agreement',
  safety_rules: 'Safety Rules',
};

/** A refusal the CLI prints as it is: the operator's input was wrong. */
export class LegalPublishError extends Error {
  override name = 'LegalPublishError';
}

export interface PublishLegalInput {
  /** The kind as the operator typed it; refused unless it is one of `LEGAL_ROUTES`'. */
  kind: string;
  /** The file's text: Markdown or plain text. */
  text: string;
  /** The day the version takes effect (YYYY-MM-DD); `today` without it. */
  effectiveFrom?: string | undefined;
  /** Today (UTC), as the API counts it. */
  today: string;
}

export interface PublishLegalResult {
  kind: LegalKind;
  version: number;
  title: string;
  effectiveFrom: string;
  /** False when the newest version already has this title and text: nothing was written. */
  created: boolean;
}

const isLegalKind = (kind: string): kind is LegalKind => Object.hasOwn(LEGAL_ROUTES, kind);

function checkedKind(kind: string): LegalKind {
  if (isLegalKind(kind)) return kind;
  throw new LegalPublishError(
    `Unknown kind "${kind}": expected one of ${Object.keys(LEGAL_ROUTES).join(', ')}`,
  );
}

/**
 * One writer of legal documents at a time: two publishers at once would both take the next
 * number, and a withdrawal must not miss a version published beside it.
 */
async function lockLegalDocuments(tx: Pick<Database, 'execute'>): Promise<void> {
  await tx.execute(sql`LOCK TABLE ${legalDocuments} IN EXCLUSIVE MODE`);
}

/** A real calendar day written YYYY-MM-DD. */
function isIsoDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/**
 * Publishes `text` as the next version of `kind`, unless the newest version already says the same
 * (then it answers that version, `created: false`): running the same command twice is safe.
 * Versions take effect in order, so a date before the newest version's is refused.
 */
export async function publishLegalDocument(
  db: Database,
  input: PublishLegalInput,
): Promise<PublishLegalResult> {
  const { text, today } = input;
  const kind = checkedKind(input.kind);
  if (text.trim() === '') throw new LegalPublishError('The file is empty: nothing to publish');
  const parsed = legalTextToHtml(text);
  if (parsed.html === '') {
    throw new LegalPublishError('The file has a title but no text: nothing to publish');
  }
  const title = parsed.title ?? DEFAULT_TITLES[kind];
  const effectiveFrom = input.effectiveFrom ?? today;
  if (!isIsoDay(effectiveFrom)) {
    throw new LegalPublishError(
      `Expected the effective date as YYYY-MM-DD (got "${effectiveFrom}")`,
    );
  }
  return db.transaction(async (tx) => {
    await lockLegalDocuments(tx);
    // The newest version on the site: after a withdrawal there is none, and any text and day go.
    const [newest] = await tx
      .select()
      .from(legalDocuments)
      .where(and(eq(legalDocuments.kind, kind), notWithdrawn))
      .orderBy(desc(legalDocuments.version))
      .limit(1);
    if (newest && newest.title === title && newest.body === parsed.html) {
      const { version, effectiveFrom: since } = newest;
      return { kind, version, title, effectiveFrom: since, created: false };
    }
    if (newest && effectiveFrom < newest.effectiveFrom) {
      throw new LegalPublishError(
        `Version ${newest.version} takes effect on ${newest.effectiveFrom}: a new version cannot take effect before it (got ${effectiveFrom})`,
      );
    }
    // Numbers go on past withdrawn versions: `/agreement/3` names one text for ever.
    const [last] = await tx
      .select({ version: max(legalDocuments.version) })
      .from(legalDocuments)
      .where(eq(legalDocuments.kind, kind));
    const version = (last?.version ?? 0) + 1;
    await tx
      .insert(legalDocuments)
      .values({ kind, version, title, body: parsed.html, effectiveFrom });
    return { kind, version, title, effectiveFrom, created: true };
  });
}

export interface WithdrawLegalResult {
  kind: LegalKind;
  /** The versions taken off the site, oldest first; none when the kind was not published. */
  versions: number[];
}

/**
 * Takes `kind` off the site: its page becomes the 404 page and the site info stops listing it, so
 * no page links it. Every version stays in the table (what a traveller once accepted), marked
 * withdrawn; publishing the kind again starts over from the next number. Withdrawing a kind that
 * is not published changes nothing, so running the command twice is safe.
 */
export async function withdrawLegalDocument(
  db: Database,
  input: { kind: string; now: Date },
): Promise<WithdrawLegalResult> {
  const kind = checkedKind(input.kind);
  return db.transaction(async (tx) => {
    await lockLegalDocuments(tx);
    const withdrawn = await tx
      .update(legalDocuments)
      .set({ withdrawnAt: input.now })
      .where(and(eq(legalDocuments.kind, kind), notWithdrawn))
      .returning({ version: legalDocuments.version });
    return { kind, versions: withdrawn.map((row) => row.version).sort((a, b) => a - b) };
  });
}
