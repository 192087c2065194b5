/**
 * What `pnpm --filter @gallop/api legal …` does, apart from opening the database and reading the
 * file (`legal-cli.ts`), so tests run it in process. Decisions 166 and 169.
 */
import { asc } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { legalDocuments } from '#src/db/schema/index.ts';
import {
  LEGAL_ROUTES,
  LegalPublishError,
  publishLegalDocument,
  withdrawLegalDocument,
} from '#src/modules/content/index.ts';
import { todayIso } from '#src/shared/dates.ts';

export const LEGAL_USAGE =
  'Usage: pnpm --filter @gallop/api legal [KIND FILE [--from YYYY-MM-DD] | withdraw KIND]\n' +
  `  KIND: ${Object.keys(LEGAL_ROUTES).join(', ')}`;

export type LegalCommand =
  | { action: 'list' }
  | { action: 'publish'; kind: string; file: string; effectiveFrom: string | undefined }
  | { action: 'withdraw'; kind: string };

/** The command the arguments ask for, or undefined when they fit no usage. */
export function parseLegalArgs(args: readonly string[]): LegalCommand | undefined {
  if (args[0] === 'withdraw') {
    return args.length === 2 ? { action: 'withdraw', kind: args[1]! } : undefined;
  }
  const fromAt = args.indexOf('--from');
  if (fromAt >= 0 && args[fromAt + 1] === undefined) return undefined;
  const effectiveFrom = fromAt >= 0 ? args[fromAt + 1] : undefined;
  const rest = args.filter((_arg, at) => fromAt < 0 || (at !== fromAt && at !== fromAt + 1));
  if (rest.length === 0 && fromAt < 0) return { action: 'list' };
  const [kind, file] = rest;
  if (rest.length !== 2 || kind === undefined || file === undefined) return undefined;
  return { action: 'publish', kind, file, effectiveFrom };
}

export interface LegalCommandContext {
  db: Database;
  /** The publish command's file text, read by the caller. */
  text?: string | undefined;
  now: Date;
  print(line: string): void;
  printError(line: string): void;
}

/** Withdrawn versions stay out of every page; the list names them so the operator sees why. */
async function listVersions(context: LegalCommandContext): Promise<void> {
  const rows = await context.db
    .select()
    .from(legalDocuments)
    .orderBy(asc(legalDocuments.kind), asc(legalDocuments.version));
  if (!rows.some((row) => row.withdrawnAt === null)) {
    context.print(`No legal documents on the site: it links none.\n${LEGAL_USAGE}`);
  }
  for (const row of rows) {
    const state = row.withdrawnAt ? `\twithdrawn ${todayIso(row.withdrawnAt)}` : '';
    context.print(`${row.kind}\tv${row.version}\t${row.effectiveFrom}\t${row.title}${state}`);
  }
}

async function run(command: LegalCommand, context: LegalCommandContext): Promise<void> {
  const { db, now, print } = context;
  if (command.action === 'publish') {
    const { kind, effectiveFrom } = command;
    const text = context.text ?? '';
    const result = await publishLegalDocument(db, {
      kind,
      text,
      effectiveFrom,
      today: todayIso(now),
    });
    const page = LEGAL_ROUTES[result.kind];
    print(
      result.created
        ? `Published ${result.kind} version ${result.version} "${result.title}", in force from ${result.effectiveFrom} at ${page}`
        : `Unchanged: ${result.kind} version ${result.version} already has this text (in force from ${result.effectiveFrom})`,
    );
  } else if (command.action === 'withdraw') {
    const { kind, versions } = await withdrawLegalDocument(db, { kind: command.kind, now });
    print(
      versions.length === 0
        ? `Unchanged: ${kind} is not on the site, nothing to withdraw`
        : `Withdrew ${kind} (version${versions.length > 1 ? 's' : ''} ${versions.join(', ')} kept, no longer shown): ` +
            `${LEGAL_ROUTES[kind]} is the 404 page now and no page links it ` +
            '(open pages and sitemap.xml within 10 minutes)',
    );
  }
  await listVersions(context);
}

/** Runs the command; the exit code: 1 when the operator's input was refused, with its message. */
export async function runLegalCommand(
  command: LegalCommand,
  context: LegalCommandContext,
): Promise<number> {
  try {
    await run(command, context);
    return 0;
  } catch (error) {
    if (!(error instanceof LegalPublishError)) throw error;
    context.printError(error.message);
    return 1;
  }
}
