/**
 * `pnpm --filter @gallop/api rates [CODE=UNITS_PER_USD ...]`
 * Without arguments, prints the rates table; with `EUR=0.93 GBP=0.78`, upserts those rates.
 * USD, the site's currency, is 1 by definition and always offered (decision 163).
 * Running servers pick them up within a minute (the rates cache lives 60 s).
 */
import { sql } from 'drizzle-orm';
import { openDatabase } from '#src/db/client.ts';
import { currencyRates } from '#src/db/schema/index.ts';
import { SITE_CURRENCY } from '#src/shared/money/rates.ts';

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
  const code = match[1].toUpperCase();
  if (code === SITE_CURRENCY && perUsd !== 1) {
    console.error(`${SITE_CURRENCY} is the site's currency: its rate is 1 by definition`);
    process.exit(1);
  }
  updates.push({ code, perUsd });
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
  if (rows.length === 0) {
    console.info(
      `No rates yet: prices are offered in ${SITE_CURRENCY} only (its rate is 1 by definition).\n` +
        `Add other currencies as units per 1 ${SITE_CURRENCY}, e.g. pnpm --filter @gallop/api rates EUR=0.93 GBP=0.78`,
    );
  }
  for (const row of rows)
    console.info(`${row.code}\t${row.perUsd}\t${row.updatedAt.toISOString()}`);
} finally {
  await handle.close();
}
