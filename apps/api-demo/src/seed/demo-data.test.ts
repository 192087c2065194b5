/**
 * Demo data only on request (issue 43, finding 4; docs/security.md, "Demo data"): an empty
 * database is seeded only with DEMO_DATA=on, never because it is empty under NODE_ENV=production,
 * and the demo accounts that are seeded each have a salt of their own.
 */
import { count, inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@gallop/api/src/db/client.ts';
import { countries, tours, users } from '@gallop/api/src/db/schema/index.ts';
import { parseEnv } from '@gallop/api/src/env.ts';
import { startServer, type RunningServer } from '@gallop/api/src/server.ts';
import { openTestDatabase } from '@gallop/api/src/testing/database.ts';
import { testEnv } from '@gallop/api/src/testing/env.ts';
import { DEMO_TRAVELLER } from './accounts.ts';
import { DEMO_ORGANIZER, DEMO_SUPPORT } from './chat.ts';

describe('DEMO_DATA', () => {
  it('is off unless set to on', () => {
    expect(parseEnv({}).DEMO_DATA).toBe('off');
    expect(parseEnv({ DEMO_DATA: 'on' }).DEMO_DATA).toBe('on');
    expect(() => parseEnv({ DEMO_DATA: 'yes' })).toThrow(/DEMO_DATA/);
  });
});

describe('an empty production database without DEMO_DATA', () => {
  let server: RunningServer | undefined;
  afterAll(() => server?.stop('test done'));

  it('is migrated, given only the reference data, and the API still answers', async () => {
    // An empty in-memory database that the server migrates and prepares, as `main.ts` has it.
    const opening = openDatabase({ dataDir: 'memory://' });
    server = await startServer(testEnv({ NODE_ENV: 'production' }), {
      opening,
      prepareVideos: false,
    });
    const { db } = await opening;
    const [accounts] = await db.select({ n: count() }).from(users);
    const [catalogue] = await db.select({ n: count() }).from(tours);
    const [places] = await db.select({ n: count() }).from(countries);
    // Countries are reference data every deployment gets (decision 163); nothing of the demo's.
    expect({ accounts: accounts?.n, tours: catalogue?.n }).toEqual({ accounts: 0, tours: 0 });
    expect(places?.n).toBeGreaterThan(200);

    const signIn = await server.app.inject({
      method: 'POST',
      url: '/crm/api/user/auth',
      payload: { login: DEMO_SUPPORT.email, password: DEMO_SUPPORT.password },
    });
    expect(signIn.statusCode).toBe(401);
    const search = await server.app.inject({ url: '/spa/tours' });
    expect(search.statusCode).toBe(200);
  });
});

describe('the seeded demo accounts', () => {
  it('each have a salt and hash of their own', async () => {
    const database = await openTestDatabase();
    try {
      const rows = await database.db
        .select({ email: users.email, passwordHash: users.passwordHash })
        .from(users)
        .where(
          inArray(users.email, [DEMO_TRAVELLER.email, DEMO_ORGANIZER.email, DEMO_SUPPORT.email]),
        );
      expect(rows).toHaveLength(3);
      // $argon2id$v=19$m=…,t=…,p=…$salt$hash (PHC): the salt is the fifth part, as it was for scrypt
      const salts = rows.map((row) => row.passwordHash?.split('$')[4]);
      const hashes = rows.map((row) => row.passwordHash);
      expect(salts.every(Boolean)).toBe(true);
      expect(new Set(salts).size).toBe(3);
      expect(new Set(hashes).size).toBe(3);
      expect(hashes.every((hash) => hash?.startsWith('$argon2id$'))).toBe(true);
    } finally {
      await database.close();
    }
  });
});
