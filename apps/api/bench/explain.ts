import type pg from 'pg';
import { buildApp } from '#src/app.ts';
import { openDatabase } from '#src/db/client.ts';
import { parseEnv } from '#src/env.ts';
import type { SearchQuery } from './mix.ts';

interface CapturedStatement {
  text: string;
  values: unknown[];
}

interface ExplainedStatement extends CapturedStatement {
  /** `EXPLAIN (ANALYZE, BUFFERS)` output. */
  plan: string;
  executionMs: number;
}

export interface ExplainedQuery {
  query: SearchQuery;
  statements: ExplainedStatement[];
}

/** The statements the app sends through `pool.query` (drizzle's node-postgres driver). */
function captureQueries(pool: pg.Pool, into: CapturedStatement[]): void {
  const original = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  (pool as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const [config, values] = args;
    if (typeof config === 'string')
      into.push({ text: config, values: (values as unknown[]) ?? [] });
    else if (config && typeof config === 'object' && 'text' in config) {
      const { text, values: bound } = config as { text: string; values?: unknown[] };
      into.push({ text, values: bound ?? (values as unknown[]) ?? [] });
    }
    return original(...args);
  };
}

/** Catalogue lookups every request makes (rates, SEO page) are not the search: skip them. */
const SEARCH_STATEMENT = /\bfrom\s+"?tours"?\b|\btour_dates\b/i;

/**
 * Runs each search through the real app in this process, captures the SQL the search module
 * sends, and asks PostgreSQL for `EXPLAIN (ANALYZE, BUFFERS)` of each statement with the same
 * parameters. Nothing here re-implements the search: the plans are of the queries that run.
 */
export async function explainSearches(
  databaseUrl: string,
  queries: SearchQuery[],
  { index = true }: { index?: boolean } = {},
): Promise<ExplainedQuery[]> {
  const database = await openDatabase({ url: databaseUrl, poolSize: 4 });
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  const captured: CapturedStatement[] = [];
  captureQueries(pool, captured);
  // Without caches every search sends all of its statements; without the index (`--cache sql`)
  // those include the totals, facets and date-filtered price sorts.
  const app = buildApp(
    parseEnv({
      LOG_LEVEL: 'warn',
      DATABASE_URL: databaseUrl,
      CATALOG_CACHE: 'off',
      SEARCH_INDEX: index ? 'on' : 'off',
      // Every explained search comes from one address.
      SEARCH_LIMIT: '9999999',
    }),
    { database },
  );
  await app.ready();
  const explained: ExplainedQuery[] = [];
  try {
    // One request first, so one-off loads (currency rates) are not attributed to a search.
    await app.inject({ url: '/spa/tours' });
    for (const query of queries) {
      captured.length = 0;
      const response = await app.inject({ url: query.path, headers: query.headers });
      if (response.statusCode !== 200) {
        throw new Error(
          `${query.path} answered ${response.statusCode}: ${response.body.slice(0, 300)}`,
        );
      }
      const statements = captured.filter((statement) => SEARCH_STATEMENT.test(statement.text));
      captured.length = 0;
      const plans: ExplainedStatement[] = [];
      for (const statement of statements) {
        const { rows } = await pool.query<{ 'QUERY PLAN': string }>(
          `explain (analyze, buffers) ${statement.text}`,
          statement.values,
        );
        const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
        const execution = /Execution Time: ([\d.]+) ms/.exec(plan);
        plans.push({ ...statement, plan, executionMs: Number(execution?.[1] ?? Number.NaN) });
      }
      explained.push({ query, statements: plans });
    }
  } finally {
    await app.close();
    await database.close();
  }
  return explained;
}

/** A readable report: per search, each statement with its parameters, plan and time. */
export function formatExplained(explained: ExplainedQuery[]): string {
  const lines: string[] = [];
  for (const { query, statements } of explained) {
    const total = statements.reduce((sum, statement) => sum + statement.executionMs, 0);
    lines.push(
      `\n### ${query.kind}: GET ${query.path}${query.headers['x-currency'] ? ` (X-Currency: ${query.headers['x-currency']})` : ''}`,
      `${statements.length} search statements, ${total.toFixed(1)} ms of execution in all\n`,
    );
    statements.forEach((statement, index) => {
      lines.push(
        `#### statement ${index + 1} (${statement.executionMs.toFixed(1)} ms)`,
        '```sql',
        statement.text.replace(/\s+/g, ' ').trim(),
        `-- parameters: ${JSON.stringify(statement.values)}`,
        '```',
        '```',
        statement.plan,
        '```',
      );
    });
  }
  return lines.join('\n');
}
