/**
 * `pnpm --filter @gallop/api rates [CODE=UNITS_PER_USD ...]`
 * Without arguments, prints the rates table; with `EUR=0.93 GBP=0.78`, stores those rates and, in
 * the same transaction, reprices in dollars every date priced in a currency whose rate changed
 * (decision 168). USD, the site's currency, is 1 by definition and always offered (decision 163);
 * a currency is never dropped. Running servers follow within seconds.
 */
import { openDatabase } from '#src/db/client.ts';
import { currencyRates } from '#src/db/schema/index.ts';
import { changeCurrencyRates, type RateChange } from '#src/modules/catalog/index.ts';
import { todayIso } from '#src/shared/dates.ts';
import { SITE_CURRENCY } from '#src/shared/money/rates.ts';

/** A plain decimal number (`0.93`, `155`, `1e-3`); not hex, not `Infinity`. */
const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

const changes: RateChange[] = [];
for (const argument of process.argv.slice(2)) {
  const match = /^([A-Za-z]{3})=(.*)$/.exec(argument);
  const value = match?.[2]?.trim() ?? '';
  if (!match?.[1] || (value !== '' && !DECIMAL.test(value))) {
    console.error(
      `Expected CODE=UNITS_PER_USD with a positive number, e.g. EUR=0.92 (got "${argument}")`,
    );
    process.exit(1);
  }
  // `EUR=` asks to drop EUR: the service refuses it with its reason.
  changes.push({ code: match[1].toUpperCase(), perUsd: value === '' ? undefined : Number(value) });
}

const handle = await openDatabase({
  url: process.env.DATABASE_URL || undefined,
  ...(process.env.PGLITE_DIR ? { dataDir: process.env.PGLITE_DIR } : {}),
});
let failed = false;
try {
  await handle.migrate();
  if (changes.length > 0) {
    const result = await changeCurrencyRates(handle.db, changes, { today: todayIso() });
    if (result.kind === 'refused') {
      console.error(result.message);
      failed = true;
    } else {
      console.info(`Updated ${changes.map((c) => `${c.code}=${c.perUsd}`).join(', ')}`);
      if (result.changed.length > 0) {
        console.info(
          `Repriced ${result.dates} dates of ${result.tours} tours priced in ${result.changed.join(', ')}`,
        );
      }
    }
  }
  if (!failed) {
    const rows = await handle.db.select().from(currencyRates).orderBy(currencyRates.code);
    if (rows.length === 0) {
      console.info(
        `No rates yet: prices are offered in ${SITE_CURRENCY} only (its rate is 1 by definition).\n` +
          `Add other currencies as units per 1 ${SITE_CURRENCY}, e.g. pnpm --filter @gallop/api rates EUR=0.93 GBP=0.78`,
      );
    }
    for (const row of rows)
      console.info(`${row.code}\t${row.perUsd}\t${row.updatedAt.toISOString()}`);
  }
} finally {
  await handle.close();
}
if (failed) process.exit(1);
