import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#src/app.ts';
import { currencyRates, users } from '#src/db/schema/index.ts';
import { openMigratedPglite, testDatabaseKind } from '#src/testing/database.ts';
import { publishLegalDocument, withdrawLegalDocument } from '#src/modules/content/index.ts';
import { expectContractResponse } from '#src/testing/contract.ts';
import { createEmptyDatabase } from '#src/testing/empty-database.ts';
import { TEST_START_TIMEOUT_MS, testEnv } from '#src/testing/env.ts';
import { openDatabase, type DatabaseHandle } from './client.ts';
import { prepareDatabase } from './prepare.ts';

const today = new Date().toISOString().slice(0, 10);

/** A new database with nothing in it, not even migrated: what an operator starts from. */
async function openEmpty(name: string): Promise<{ handle: DatabaseHandle; drop(): Promise<void> }> {
  if (testDatabaseKind() === 'pglite') {
    return { handle: await openMigratedPglite(), drop: async () => {} };
  }
  const empty = await createEmptyDatabase(name);
  return { handle: await openDatabase({ url: empty.url, poolSize: 4 }), drop: empty.drop };
}

async function count(handle: DatabaseHandle, table: string): Promise<number> {
  const { rows } = await handle.db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`,
  );
  return rows[0]!.n;
}

// Issue: a fresh production start (DEMO_DATA=off) showed "422 / Internal Error" on every page:
// no rates (so not even USD), no countries (so no visitor's country). Decision 163.
describe('a production start on an empty database', () => {
  let empty: Awaited<ReturnType<typeof openEmpty>>;
  let app: ReturnType<typeof buildApp>;
  beforeAll(async () => {
    empty = await openEmpty('empty_start');
    await prepareDatabase(empty.handle, { demoData: false });
    app = buildApp(testEnv(), { database: empty.handle, startTimeoutMs: TEST_START_TIMEOUT_MS });
    await app.ready();
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await empty?.handle.close();
    await empty?.drop();
  });

  it('has the reference data and nothing else', async () => {
    expect(await count(empty.handle, 'countries')).toBeGreaterThan(240);
    expect(await count(empty.handle, 'languages')).toBeGreaterThan(0);
    expect(await count(empty.handle, 'tours')).toBe(0);
    expect(await count(empty.handle, 'users')).toBe(0);
    expect(await count(empty.handle, 'currency_rates')).toBe(0);
  });

  it.each([
    '/spa/info',
    '/spa/country-by-ip',
    '/spa/tours?expand=filters',
    '/spa/tours',
    '/spa/best-tours',
    '/spa/contacts',
    '/spa/social-links',
    '/spa/work-time',
  ])('answers %s for a visitor in USD without an error', async (url) => {
    const response = await app.inject({ method: 'GET', url, headers: { 'x-currency': 'USD' } });
    expect(response.statusCode, response.body).toBeLessThan(400);
  });

  it('offers USD, the site’s currency, before any rate is loaded, and knows the visitor’s country', async () => {
    const info = await app.inject({ method: 'GET', url: '/spa/info' });
    expect(info.json()).toMatchObject({ currencies: ['USD'], default_currency: 'USD' });
    expect(info.json().country.iso_code).toMatch(/^[A-Z]{2}$/);
    const germany = await app.inject({
      method: 'GET',
      url: '/spa/country-schedule?iso_code=de',
    });
    expect(germany.json().country).toMatchObject({ iso_code: 'DE', currency: 'EUR' });
  });

  it('lists no tours yet rather than failing', async () => {
    const tours = await app.inject({
      method: 'GET',
      url: '/spa/tours?expand=filters',
      headers: { 'x-currency': 'USD' },
    });
    expect(tours.json()).toMatchObject({ items: [] });
  });

  // Decision 166: the web links only the legal documents the operator has published.
  it('lists no legal documents until the operator publishes one, then that one', async () => {
    const published = async () => {
      const info = await app.inject({ method: 'GET', url: '/spa/info' });
      return (expectContractResponse(info, 'getSiteInfo') as { legal_documents: string[] })
        .legal_documents;
    };
    expect(await published()).toEqual([]);
    const missing = await app.inject({ method: 'GET', url: '/spa/legal-document?kind=terms' });
    expect(missing.statusCode).toBe(404);

    // Publishers at once each get a version of their own (the table lock), none fails.
    const texts = Array.from({ length: 6 }, (_, i) => `Terms, draft ${i + 1}.`);
    const results = await Promise.all(
      texts.map((text) => publishLegalDocument(empty.handle.db, { kind: 'terms', text, today })),
    );
    expect(results.map((result) => result.version).sort((a, b) => a - b)).toEqual([
      1, 2, 3, 4, 5, 6,
    ]);
    await publishLegalDocument(empty.handle.db, { kind: 'privacy', text: 'Privacy.', today });
    expect(await published()).toEqual(['terms', 'privacy']);
    const terms = await app.inject({ method: 'GET', url: '/spa/legal-document?kind=terms' });
    expect(terms.json()).toMatchObject({ version: 6, title: 'Terms of Use' });

    // Decision 169: withdrawn, its page and every version answer 404 and nothing lists it;
    // published again, it comes back as the next version.
    await withdrawLegalDocument(empty.handle.db, { kind: 'terms', now: new Date() });
    expect(await published()).toEqual(['privacy']);
    for (const url of [
      '/spa/legal-document?kind=terms',
      '/spa/legal-document?kind=terms&version=6',
    ]) {
      const gone = await app.inject({ method: 'GET', url });
      expect(gone.statusCode, url).toBe(404);
      expect(gone.json()).toMatchObject({ message: 'Legal document not found' });
    }
    const sitemap = await app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.body).toContain('/privacy</loc>');
    expect(sitemap.body).not.toContain('/agreement</loc>');
    await publishLegalDocument(empty.handle.db, { kind: 'terms', text: texts[5]!, today });
    expect(await published()).toEqual(['terms', 'privacy']);
    const again = await app.inject({ method: 'GET', url: '/spa/legal-document?kind=terms' });
    expect(again.json()).toMatchObject({ version: 7, versions: [{ version: 7 }] });
  });
});

describe('the demo seed’s empty rule', () => {
  it('never seeds a database holding a user or a rate, and says so', async () => {
    const empty = await openEmpty('seed_rule');
    try {
      await prepareDatabase(empty.handle, { demoData: false });
      await empty.handle.db.insert(users).values({ email: 'owner@example.com' });
      const log: string[] = [];
      const options = { demoData: true, tours: 6, today, log: (line: string) => log.push(line) };
      expect(await prepareDatabase(empty.handle, options)).toEqual({ seeded: false });
      expect(log.join('\n')).toContain(
        'demo data not seeded: the database already holds data (users)',
      );
      expect(await count(empty.handle, 'tours')).toBe(0);
      expect(await count(empty.handle, 'users')).toBe(1);

      // Rates alone are the operator's data too (the crash: a duplicate key on currency_rates).
      await empty.handle.db.delete(users);
      await empty.handle.db.insert(currencyRates).values({ code: 'EUR', perUsd: 0.93 });
      expect(await prepareDatabase(empty.handle, options)).toEqual({ seeded: false });
      expect(await count(empty.handle, 'tours')).toBe(0);
    } finally {
      await empty.handle.close();
      await empty.drop();
    }
  }, 120_000);

  it('seeds all or nothing: a seed that fails half-way leaves the database empty', async () => {
    const empty = await openEmpty('seed_atomic');
    try {
      await prepareDatabase(empty.handle, { demoData: false });
      // The seed writes regions, rates and organizers before tours: the first tour fails it.
      await empty.handle.db.execute(sql`
        CREATE FUNCTION refuse_tour() RETURNS trigger LANGUAGE plpgsql AS
          $$ BEGIN RAISE EXCEPTION 'no tours today'; END $$`);
      await empty.handle.db.execute(
        sql`CREATE TRIGGER refuse_tour BEFORE INSERT ON tours FOR EACH ROW EXECUTE FUNCTION refuse_tour()`,
      );
      const options = { demoData: true, tours: 6, today };
      await expect(prepareDatabase(empty.handle, options)).rejects.toThrow();
      for (const table of ['regions', 'currency_rates', 'organizers', 'tours']) {
        expect(await count(empty.handle, table), table).toBe(0);
      }
      expect(await count(empty.handle, 'countries')).toBeGreaterThan(240);

      await empty.handle.db.execute(sql`DROP TRIGGER refuse_tour ON tours`);
      expect(await prepareDatabase(empty.handle, options)).toEqual({ seeded: true });
      expect(await count(empty.handle, 'tours')).toBe(6);
    } finally {
      await empty.handle.close();
      await empty.drop();
    }
  }, 180_000);
});
