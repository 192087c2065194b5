import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { describeStartFailure } from './start-failure.ts';

/** What node-postgres rejects with when the server refuses the connection. */
function serverRefusal(code: string, message: string): Error {
  return Object.assign(new Error(message), { code, severity: 'FATAL' });
}

/** A failed query as drizzle wraps it, the values in it. */
function failedQuery(cause: Error): Error {
  return Object.assign(new Error('Failed query: select 1\nparams: secret-value', { cause }), {
    query: 'select 1',
    params: ['secret-value'],
  });
}

const env = { DATABASE_URL: 'postgres://gallop:hunter2@db.internal:6432/gallop' };

describe('describeStartFailure', () => {
  it('names the server and the reason when nothing listens there', async () => {
    const client = new pg.Client({ connectionString: 'postgres://gallop@127.0.0.1:1/gallop' });
    const error = await client.connect().then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(
      describeStartFailure(error, { DATABASE_URL: 'postgres://gallop@127.0.0.1:1/x' }),
    ).toEqual({ message: 'cannot connect to PostgreSQL at 127.0.0.1:1: connection refused' });
  });

  it('gives the server’s own words for a role, a password or a database it refuses', () => {
    for (const [code, words] of [
      ['28000', 'role "gallop" does not exist'],
      ['28P01', 'password authentication failed for user "gallop"'],
      ['3D000', 'database "gallop" does not exist'],
      ['55000', 'database "gallop" is not currently accepting connections'],
    ] as const) {
      const expected = { message: `cannot connect to PostgreSQL at db.internal:6432: ${words}` };
      expect(describeStartFailure(serverRefusal(code, words), env)).toEqual(expected);
      // The same refusal met by a start query (a worker reading its secrets).
      expect(describeStartFailure(failedQuery(serverRefusal(code, words)), env)).toEqual(expected);
    }
  });

  it('keeps anything else with its error, the innermost reason in the line', () => {
    const cause = serverRefusal('42P01', 'relation "countries" does not exist');
    const error = failedQuery(cause);
    expect(describeStartFailure(error, env)).toEqual({
      message: 'the API could not start: relation "countries" does not exist',
      err: error,
    });
    const inUse = Object.assign(new Error('listen EADDRINUSE: address already in use'), {
      code: 'EADDRINUSE',
    });
    expect(describeStartFailure(inUse, {})).toEqual({
      message: 'the API could not start: listen EADDRINUSE: address already in use',
      err: inUse,
    });
    // Without DATABASE_URL (PGlite) a refused connection cannot be PostgreSQL's.
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    expect(describeStartFailure(refused, {}).message).toBe(
      'the API could not start: connect ECONNREFUSED',
    );
  });

  it('names a Unix socket’s folder as the server, and never the password', () => {
    const socket = { DATABASE_URL: 'postgres:///gallop?host=/run/postgresql' };
    const refusal = serverRefusal('28000', 'role "gallop" does not exist');
    expect(describeStartFailure(refusal, socket).message).toBe(
      'cannot connect to PostgreSQL at /run/postgresql:5432: role "gallop" does not exist',
    );
    expect(describeStartFailure(refusal, env).message).not.toContain('hunter2');
  });
});
