/**
 * A known login and an unknown one cost the same work before the answer (docs/security.md, "No
 * account enumeration"): a probe timed `password-recovery` at 6.9 ms for a known address and
 * 4.3 ms for an unknown one (a link and a message, two commits, against nothing). Not a timing
 * test, which a shared machine makes noisy: it records the statements each path runs (through a
 * recording wrapper of the database) and requires the same ones in the same transaction shape,
 * then checks that only the account got rows. Registering with a password too: a new address
 * answered in 59.4 ms and a taken one in 46.0 ms (medians of 30, probe 2026-12-07), since only a
 * new one wrote an account and a link in a transaction of its own.
 */
import { and, eq, getTableName, type SQL, type Table } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, DatabaseHandle } from '#src/db/client.ts';
import { outbox, userCodes, userLinkTokens, users } from '#src/db/schema/index.ts';
import { openTestDatabase } from '#src/testing/database.ts';
import { signedUser } from '#src/testing/signed-user.ts';
import { sendCode } from './codes.ts';
import { registerWithPassword } from './registration.ts';
import { recoverPassword } from './sign-in.ts';
import { uniqueEmail, uniquePhone } from './testing.ts';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(() => handle?.close());

const dialect = new PgDialect({ casing: 'snake_case' });
const WRITES = new Set(['insert', 'update', 'delete']);

/**
 * `db` recording what is asked of it, in order: each write with its table, each raw statement
 * with its text (values left out), and where transactions begin and end.
 */
function recording(db: Database): { db: Database; log: string[] } {
  const log: string[] = [];
  const wrap = <T extends object>(target: T): T =>
    new Proxy(target, {
      get(object, name, receiver) {
        const value: unknown = Reflect.get(object, name, receiver);
        if (typeof value !== 'function') return value;
        const method = value as (...args: unknown[]) => unknown;
        if (typeof name === 'string' && WRITES.has(name)) {
          return (table: Table) => {
            log.push(`${name} ${getTableName(table)}`);
            return method.call(object, table);
          };
        }
        if (name === 'select') {
          return (...args: unknown[]) => {
            log.push('select');
            return method.apply(object, args);
          };
        }
        if (name === 'execute') {
          return (query: SQL) => {
            log.push(`execute ${dialect.sqlToQuery(query).sql.replace(/\s+/g, ' ').trim()}`);
            return method.call(object, query);
          };
        }
        if (name === 'transaction') {
          return async (work: (tx: object) => Promise<unknown>, ...rest: unknown[]) => {
            log.push('begin');
            const done = await method.call(object, (tx: object) => work(wrap(tx)), ...rest);
            log.push('commit');
            return done;
          };
        }
        return method.bind(object);
      },
    });
  return { db: wrap(db), log };
}

const PUBLIC_URL = 'https://gallop.example';

describe('password-recovery', () => {
  it('runs the same statements, in one transaction, for a known address and an unknown one', async () => {
    const known = (await signedUser(handle.db)).email;
    const unknown = uniqueEmail('nobody');
    const forKnown = recording(handle.db);
    await recoverPassword(forKnown.db, known, PUBLIC_URL);
    const forUnknown = recording(handle.db);
    await recoverPassword(forUnknown.db, unknown, PUBLIC_URL);

    expect(forUnknown.log).toEqual(forKnown.log);
    // Every write in the one transaction: a single commit waits for the disk, either way.
    expect(forKnown.log[0]).toBe('begin');
    expect(forKnown.log.at(-1)).toBe('commit');
    expect(forKnown.log.filter((entry) => entry === 'begin')).toHaveLength(1);
    expect(forKnown.log).toContain('insert outbox');

    // Only the account got a link and a message; the unknown address left nothing.
    const links = (email: string) =>
      handle.db.select().from(userLinkTokens).where(eq(userLinkTokens.email, email));
    const messages = (email: string) =>
      handle.db.select().from(outbox).where(eq(outbox.recipient, email));
    expect(await links(known)).toHaveLength(1);
    const [message] = await messages(known);
    expect(message).toMatchObject({ kind: 'reset-password', sentAt: null });
    expect(message!.nextAttemptAt).not.toBeNull();
    expect(await links(unknown)).toEqual([]);
    expect(await messages(unknown)).toEqual([]);
  });
});

describe('send-auth-code', () => {
  it('runs the same statements, in one transaction, for a known login and an unknown one', async () => {
    const user = await signedUser(handle.db);
    const unknown = uniqueEmail('nobody');
    const send = (db: Database, login: string, userId: number | null) =>
      sendCode(db, { login, purpose: 'sign-in', sender: 'email', userId });
    const forKnown = recording(handle.db);
    await send(forKnown.db, user.email, user.userId);
    const forUnknown = recording(handle.db);
    await send(forUnknown.db, unknown, null);

    expect(forUnknown.log).toEqual(forKnown.log);
    expect(forKnown.log[0]).toBe('begin');
    expect(forKnown.log.at(-1)).toBe('commit');
    expect(forKnown.log).toContain('insert outbox');

    // Both logins have a code stored (a guess is answered alike); only the account's is sent.
    const codes = (login: string) =>
      handle.db
        .select()
        .from(userCodes)
        .where(and(eq(userCodes.login, login), eq(userCodes.purpose, 'sign-in')));
    expect(await codes(user.email)).toHaveLength(1);
    expect(await codes(unknown)).toHaveLength(1);
    const messages = (login: string) =>
      handle.db.select().from(outbox).where(eq(outbox.recipient, login));
    expect(await messages(user.email)).toMatchObject([{ kind: 'sign-in-code', sentAt: null }]);
    expect(await messages(unknown)).toEqual([]);
  });
});

const PASSWORD = 'Canter-Along-Coast-5';

const registration = (email: string) => ({
  email,
  first_name: 'Tim',
  last_name: 'Ing',
  password: PASSWORD,
  confirm_password: PASSWORD,
  phone: uniquePhone(),
});

describe('register', () => {
  it('runs the same statements, in one transaction, for a taken address and a new one', async () => {
    const taken = (await signedUser(handle.db)).email;
    const fresh = uniqueEmail('newcomer');
    const forTaken = recording(handle.db);
    await registerWithPassword(forTaken.db, registration(taken), PUBLIC_URL);
    const forFresh = recording(handle.db);
    await registerWithPassword(forFresh.db, registration(fresh), PUBLIC_URL);

    expect(forTaken.log).toEqual(forFresh.log);
    const writes = forFresh.log.slice(forFresh.log.indexOf('begin'));
    expect(writes.at(-1)).toBe('commit');
    expect(forFresh.log.filter((entry) => entry === 'begin')).toHaveLength(1);
    expect(writes).toContain('insert users');
    expect(writes).toContain('insert outbox');

    // Only the new address got an account and a link; the taken one got the notice alone.
    const accounts = (email: string) =>
      handle.db.select().from(users).where(eq(users.email, email));
    const links = (email: string) =>
      handle.db.select().from(userLinkTokens).where(eq(userLinkTokens.email, email));
    const messages = (email: string) =>
      handle.db.select().from(outbox).where(eq(outbox.recipient, email));
    expect(await accounts(taken)).toHaveLength(1);
    expect(await links(taken)).toEqual([]);
    expect(await messages(taken)).toMatchObject([{ kind: 'register-attempt' }]);
    const [account] = await accounts(fresh);
    expect(account).toMatchObject({ firstName: 'Tim', emailConfirmedAt: null });
    expect(account!.passwordHash).toBeTruthy();
    expect(await links(fresh)).toMatchObject([{ kind: 'confirm-email', userId: account!.id }]);
    const [confirmation] = await messages(fresh);
    expect(confirmation).toMatchObject({ kind: 'confirm-email' });
    // The link mailed is the one stored.
    expect(confirmation!.body).toMatch(/\/email-confirm\?token=[\w-]+/);
  });
});
