/**
 * `pnpm --filter @gallop/api rates [CODE=UNITS_PER_USD ...]`
 * Without arguments, prints the rates table; with `EUR=0.93 GBP=0.78`, upserts those rates.
 * Running servers pick them up within a minute (the rates cache lives 60 s).
 */
import { sql } from 'drizzle-orm';
import { openDatabase } from '#src/db/client.ts';
import { currencyRates } from '#src/db/schema/index.ts';

const updates: { code: string; perUsd: number }[] = [];
for (const argument of process.argv.slice(2)) {
  const match = /^([A-Za-z]{3})=(\d+(?:\.\d+)?)$/.exec(argument);
  const perUsd = Number(match?.[2]);
  if (!match?.[1] || !(perUsd > 0)) {
    console.error(
      `Expected CODE=UNITS_PER_USD with a positive number, e.g. EUR=0.92 (got "${argument}")`,
    );
    process.exit(1);
  }
  updates.push({ code: match[1].toUpperCase(), perUsd });
}

const handle = await openDatabase({
  url: process.env.DATABASE_URL || undefined,
  ...(process.env.PGLITE_DIR ? { dataDir: process.env.PGLITE_DIR } : {}),
});
try {
  await handle.migrate();
  if (updates.length > 0) {
    await handle.db
      .insert(currencyRates)
      .values(updates)
      .onConflictDoUpdate({
        target: currencyRates.code,
        set: { perUsd: sql`excluded.per_usd`, updatedAt: sql`now()` },
      });
    console.info(`Updated ${updates.map((u) => `${u.code}=${u.perUsd}`).join(', ')}`);
  }
  const rows = await handle.db.select().from(currencyRates).orderBy(currencyRates.code);
  for (const row of rows)
    console.info(`${row.code}\t${row.perUsd}\t${row.updatedAt.toISOString()}`);
} finally {
  await handle.close();
}
