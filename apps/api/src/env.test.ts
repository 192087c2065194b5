import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from '#src/env.ts';

function rejectionOf(source: Record<string, string>): EnvError {
  try {
    parseEnv(source);
  } catch (error) {
    expect(error).toBeInstanceOf(EnvError);
    return error as EnvError;
  }
  throw new Error('expected parseEnv to reject the environment');
}

describe('parseEnv', () => {
  it('applies the defaults when nothing is set', () => {
    expect(parseEnv({})).toEqual({
      PORT: 4000,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      WEB_ORIGIN: 'http://127.0.0.1:3000',
      DEFAULT_COUNTRY: 'US',
      CATALOG_CACHE: 'on',
      SEARCH_INDEX: 'on',
      API_WORKERS: 1,
      PUBLIC_WRITE_LIMIT: 10,
      AUTH_LIMIT: 10,
      BOOKING_HOLD_HOURS: 72,
      CHAT_SEND_LIMIT: 30,
      PHONE_CODE_LIMIT: 10,
      UPLOAD_LIMIT: 60,
      OUTBOX_TRANSPORT: 'log',
    });
  });

  it('treats empty values as unset', () => {
    expect(parseEnv({ PORT: '', WEB_ORIGIN: '' })).toMatchObject({
      PORT: 4000,
      WEB_ORIGIN: 'http://127.0.0.1:3000',
    });
  });

  it('reads a valid environment', () => {
    const env = parseEnv({
      PORT: '4123',
      HOST: '0.0.0.0',
      LOG_LEVEL: 'debug',
      WEB_ORIGIN: 'https://gallop.example/some/path',
      DATABASE_URL: 'postgres://gallop@127.0.0.1:5432/gallop',
      REDIS_URL: 'redis://127.0.0.1:6379',
      COUNTRY_IP_HEADER: 'CF-IPCountry',
      DEFAULT_COUNTRY: 'gb',
      PGLITE_DIR: 'memory://',
      CATALOG_CACHE: 'off',
      SEARCH_INDEX: 'off',
      API_WORKERS: '3',
      PUBLIC_WRITE_LIMIT: '25',
      AUTH_LIMIT: '30',
      BOOKING_HOLD_HOURS: '48',
      CHAT_SEND_LIMIT: '60',
      PHONE_CODE_LIMIT: '5',
      CALL_SECRET: 'a-call-secret-of-16+',
      VERIFICATION_SERVICE_URL: 'https://verify.example/flow',
      VERIFICATION_SECRET: 'a-verification-secret',
      UPLOADS_DIR: '/srv/gallop/uploads',
      UPLOAD_LIMIT: '120',
      DEV_OUTBOX: 'on',
      OUTBOX_TRANSPORT: 'off',
    });
    expect(env).toEqual({
      PORT: 4123,
      HOST: '0.0.0.0',
      LOG_LEVEL: 'debug',
      // Only the origin part is kept: it is compared with the browser's Origin header.
      WEB_ORIGIN: 'https://gallop.example',
      DATABASE_URL: 'postgres://gallop@127.0.0.1:5432/gallop',
      REDIS_URL: 'redis://127.0.0.1:6379',
      // Header names are matched in lower case; country codes are upper case.
      COUNTRY_IP_HEADER: 'cf-ipcountry',
      DEFAULT_COUNTRY: 'GB',
      PGLITE_DIR: 'memory://',
      CATALOG_CACHE: 'off',
      SEARCH_INDEX: 'off',
      API_WORKERS: 3,
      PUBLIC_WRITE_LIMIT: 25,
      AUTH_LIMIT: 30,
      BOOKING_HOLD_HOURS: 48,
      CHAT_SEND_LIMIT: 60,
      PHONE_CODE_LIMIT: 5,
      CALL_SECRET: 'a-call-secret-of-16+',
      VERIFICATION_SERVICE_URL: 'https://verify.example/flow',
      VERIFICATION_SECRET: 'a-verification-secret',
      UPLOADS_DIR: '/srv/gallop/uploads',
      UPLOAD_LIMIT: 120,
      DEV_OUTBOX: 'on',
      OUTBOX_TRANSPORT: 'off',
    });
  });

  it('refuses short signing secrets and a verification URL that is no URL', () => {
    const { problems } = rejectionOf({
      CALL_SECRET: 'short',
      VERIFICATION_SECRET: 'short',
      VERIFICATION_SERVICE_URL: 'verify.example',
      PHONE_CODE_LIMIT: '0',
    });
    expect(problems).toHaveLength(4);
    expect(problems.join('\n')).not.toContain('short');
  });

  it('accepts only on or off for SEARCH_INDEX', () => {
    const { problems } = rejectionOf({ SEARCH_INDEX: 'sometimes' });
    expect(problems).toEqual([expect.stringContaining('SEARCH_INDEX')]);
  });

  it('runs several workers only over PostgreSQL, and at most 32', () => {
    const url = 'postgres://gallop@127.0.0.1:5432/gallop';
    expect(parseEnv({ API_WORKERS: '4', DATABASE_URL: url }).API_WORKERS).toBe(4);
    expect(parseEnv({ API_WORKERS: '1' }).API_WORKERS).toBe(1);
    expect(rejectionOf({ API_WORKERS: '2' }).problems).toEqual([
      expect.stringMatching(/^API_WORKERS: above 1 needs DATABASE_URL/),
    ]);
    for (const workers of ['0', '33', 'two', '1.5']) {
      expect(rejectionOf({ API_WORKERS: workers, DATABASE_URL: url }).problems).toEqual([
        expect.stringMatching(/^API_WORKERS: /),
      ]);
    }
  });

  it('accepts only on or off for CATALOG_CACHE', () => {
    const { problems } = rejectionOf({ CATALOG_CACHE: 'maybe' });
    expect(problems).toEqual([expect.stringContaining('CATALOG_CACHE')]);
  });

  it.each(['abc', '70000', '-1', '4e3', '80.5', ' 80'])('rejects PORT=%j', (port) => {
    const { problems } = rejectionOf({ PORT: port });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^PORT: /);
    expect(problems[0]).toContain(JSON.stringify(port));
  });

  it('lists every bad variable in one message, without echoing connection strings', () => {
    const secret = 'postgres//user:hunter2@db';
    const error = rejectionOf({
      PORT: 'abc',
      LOG_LEVEL: 'loud',
      WEB_ORIGIN: 'nope',
      DATABASE_URL: secret,
    });
    expect(error.problems.map((problem) => problem.split(':')[0])).toEqual([
      'PORT',
      'LOG_LEVEL',
      'WEB_ORIGIN',
      'DATABASE_URL',
    ]);
    expect(error.message).toMatch(/^Invalid environment:\n {2}- PORT: /);
    expect(error.message).not.toContain('hunter2');
  });
});
