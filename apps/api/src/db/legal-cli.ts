/**
 * `pnpm --filter @gallop/api legal [KIND FILE [--from YYYY-MM-DD]]`
 * With a kind (terms, privacy, cookies, offer, safety_rules) and a Markdown or text file,
 * publishes the file as that document's next version, in force from today or `--from`; the same
 * text again publishes nothing. Without arguments, lists the published versions. Decision 166.
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { asc } from 'drizzle-orm';
import { openDatabase } from '#src/db/client.ts';
import { legalDocuments } from '#src/db/schema/index.ts';
import {
  LEGAL_ROUTES,
  LegalPublishError,
  publishLegalDocument,
} from '#src/modules/content/index.ts';
import { todayIso } from '#src/shared/dates.ts';

const USAGE =
  'Usage: pnpm --filter @gallop/api legal KIND FILE [--from YYYY-MM-DD]\n' +
  `  KIND: ${Object.keys(LEGAL_ROUTES).join(', ')}`;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const args = process.argv.slice(2);
const fromAt = args.indexOf('--from');
const effectiveFrom = fromAt >= 0 ? (args[fromAt + 1] ?? fail(USAGE)) : undefined;
const [kind, file, ...rest] = args.filter(
  (_arg, at) => fromAt < 0 || (at !== fromAt && at !== fromAt + 1),
);
if (rest.length > 0 || (kind !== undefined && file === undefined)) fail(USAGE);

// pnpm runs the script in apps/api: a relative path is the operator's, from where they typed it.
const path = file === undefined ? undefined : resolve(process.env.INIT_CWD ?? process.cwd(), file);
const text =
  path === undefined
    ? undefined
    : await readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) =>
        fail(`Cannot read ${path}: ${error.code ?? error.message}`),
      );

const handle = await openDatabase({
  url: process.env.DATABASE_URL || undefined,
  ...(process.env.PGLITE_DIR ? { dataDir: process.env.PGLITE_DIR } : {}),
});
try {
  await handle.migrate();
  if (kind !== undefined && text !== undefined) {
    const today = todayIso();
    const result = await publishLegalDocument(handle.db, { kind, text, effectiveFrom, today });
    const page = LEGAL_ROUTES[result.kind];
    console.info(
      result.created
        ? `Published ${result.kind} version ${result.version} "${result.title}", in force from ${result.effectiveFrom} at ${page}`
        : `Unchanged: ${result.kind} version ${result.version} already has this text (in force from ${result.effectiveFrom})`,
    );
  }
  const rows = await handle.db
    .select()
    .from(legalDocuments)
    .orderBy(asc(legalDocuments.kind), asc(legalDocuments.version));
  if (rows.length === 0) console.info(`No legal documents yet: the site links none.\n${USAGE}`);
  for (const row of rows) {
    console.info(`${row.kind}\tv${row.version}\t${row.effectiveFrom}\t${row.title}`);
  }
} catch (error) {
  if (!(error instanceof LegalPublishError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
} finally {
  await handle.close();
}
