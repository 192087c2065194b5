/**
 * `pnpm --filter @gallop/api legal [KIND FILE [--from YYYY-MM-DD] | withdraw KIND]`
 * With a kind (terms, privacy, cookies, offer, safety_rules) and a Markdown or text file,
 * publishes the file as that document's next version, in force from today or `--from`; the same
 * text again publishes nothing. `withdraw KIND` takes the document off the site and keeps its
 * versions. Without arguments, lists the versions. Decisions 166 and 169; the work is in
 * `legal-command.ts`.
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { openDatabase } from '#src/db/client.ts';
import { LEGAL_USAGE, parseLegalArgs, runLegalCommand } from '#src/db/legal-command.ts';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const command = parseLegalArgs(process.argv.slice(2)) ?? fail(LEGAL_USAGE);

// pnpm runs the script in apps/api: a relative path is the operator's, from where they typed it.
const path =
  command.action === 'publish'
    ? resolve(process.env.INIT_CWD ?? process.cwd(), command.file)
    : undefined;
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
  process.exitCode = await runLegalCommand(command, {
    db: handle.db,
    text,
    now: new Date(),
    print: (line) => console.info(line),
    printError: (line) => console.error(line),
  });
} finally {
  await handle.close();
}
