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
      SEARCH_LIMIT: 300,
      API_WORKERS: 1,
      PUBLIC_WRITE_LIMIT: 10,
      AUTH_LIMIT: 10,
      AUTH_ACCOUNT_LIMIT: 20,
      AUTH_ADDRESS_LIMIT: 100,
      // The web server on the same machine (docs/security.md, "Client address and limits").
      TRUSTED_PROXIES: ['127.0.0.1', '::1'],
      BOOKING_HOLD_HOURS: 72,
      RESPONSE_DEADLINE_HOURS: 48,
      // Unproven guests may hold at most half a date's seats (decision 142).
      GUEST_DATE_SHARE: 50,
      CHAT_SEND_LIMIT: 30,
      PHONE_CODE_LIMIT: 10,
      UPLOAD_LIMIT: 60,
      OUTBOX_TRANSPORT: 'log',
      MAIL_FROM: 'Gallop <no-reply@gallop.example>',
      // An empty database is seeded only on request (docs/security.md, "Demo data").
      DEMO_DATA: 'off',
      // No metrics without METRICS_PORT; with it, on loopback unless told (decision 170).
      METRICS_HOST: '127.0.0.1',
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
      SEARCH_LIMIT: '120',
      CARD_STORE_TOURS: '60000',
      API_WORKERS: '3',
      PUBLIC_WRITE_LIMIT: '25',
      AUTH_LIMIT: '30',
      AUTH_ACCOUNT_LIMIT: '50',
      AUTH_ADDRESS_LIMIT: '200',
      TRUSTED_PROXIES: '10.0.0.7,10.1.0.0/16',
      BOOKING_HOLD_HOURS: '48',
      RESPONSE_DEADLINE_HOURS: '24',
      GUEST_DATE_SHARE: '40',
      CHAT_SEND_LIMIT: '60',
      PHONE_CODE_LIMIT: '5',
      CALL_SECRET: 'a-call-secret-of-16+',
      VERIFICATION_SERVICE_URL: 'https://verify.example/flow',
      VERIFICATION_SECRET: 'a-verification-secret',
      UPLOADS_DIR: '/srv/gallop/uploads',
      UPLOAD_LIMIT: '120',
      DEV_OUTBOX: 'on',
      DEMO_DATA: 'on',
      OUTBOX_TRANSPORT: 'off',
      SMTP_URL: 'smtps://mailer:p%40ss@smtp.gallop.example:465',
      MAIL_FROM: 'Gallop bookings <bookings@gallop.example>',
      TELEGRAM_BOT_TOKEN: '123456:ABC-def_ghi',
      TELEGRAM_API_URL: 'http://127.0.0.1:8081',
      METRICS_PORT: '9464',
      METRICS_HOST: '10.0.0.5',
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
      SEARCH_LIMIT: 120,
      CARD_STORE_TOURS: 60_000,
      API_WORKERS: 3,
      PUBLIC_WRITE_LIMIT: 25,
      AUTH_LIMIT: 30,
      AUTH_ACCOUNT_LIMIT: 50,
      AUTH_ADDRESS_LIMIT: 200,
      TRUSTED_PROXIES: ['10.0.0.7', '10.1.0.0/16'],
      BOOKING_HOLD_HOURS: 48,
      RESPONSE_DEADLINE_HOURS: 24,
      GUEST_DATE_SHARE: 40,
      CHAT_SEND_LIMIT: 60,
      PHONE_CODE_LIMIT: 5,
      CALL_SECRET: 'a-call-secret-of-16+',
      VERIFICATION_SERVICE_URL: 'https://verify.example/flow',
      VERIFICATION_SECRET: 'a-verification-secret',
      UPLOADS_DIR: '/srv/gallop/uploads',
      UPLOAD_LIMIT: 120,
      DEV_OUTBOX: 'on',
      DEMO_DATA: 'on',
      OUTBOX_TRANSPORT: 'off',
      SMTP_URL: 'smtps://mailer:p%40ss@smtp.gallop.example:465',
      MAIL_FROM: 'Gallop bookings <bookings@gallop.example>',
      TELEGRAM_BOT_TOKEN: '123456:ABC-def_ghi',
      TELEGRAM_API_URL: 'http://127.0.0.1:8081',
      METRICS_PORT: 9464,
      METRICS_HOST: '10.0.0.5',
    });
  });

  it('takes only smtp:// or smtps:// for SMTP_URL, and never echoes it or the bot token', () => {
    expect(parseEnv({ SMTP_URL: 'smtp://127.0.0.1:2525' }).SMTP_URL).toBe('smtp://127.0.0.1:2525');
    for (const url of [
      'https://mailer:hunter2@smtp.example',
      'mailer:hunter2@smtp',
      'smtp:hunter2',
    ]) {
      const error = rejectionOf({ SMTP_URL: url });
      expect(error.problems).toEqual(['SMTP_URL: must be an smtp:// or smtps:// URL']);
      expect(error.message).not.toContain('hunter2');
    }
    const token = rejectionOf({ TELEGRAM_BOT_TOKEN: 'hunter2-not-a-token' });
    expect(token.problems).toEqual([
      expect.stringMatching(/^TELEGRAM_BOT_TOKEN: must be a bot token/),
    ]);
    expect(token.message).not.toContain('hunter2');
  });

  it('takes only a postgres:// or postgresql:// DATABASE_URL, and never echoes it', () => {
    for (const url of [
      'postgres://gallop@127.0.0.1:5432/gallop',
      'postgresql://gallop:p%40ss@db.internal/gallop?sslmode=require',
      'postgres:///gallop?host=/run/postgresql',
    ]) {
      expect(parseEnv({ DATABASE_URL: url }).DATABASE_URL).toBe(url);
    }
    for (const url of [
      'mysql://gallop:hunter2@127.0.0.1:3306/gallop',
      'http://gallop:hunter2@127.0.0.1:5432/gallop',
      'gallop:hunter2@127.0.0.1:5432/gallop',
      'postgres//gallop:hunter2@db',
    ]) {
      const error = rejectionOf({ DATABASE_URL: url });
      expect(error.problems).toEqual(['DATABASE_URL: must be a postgres:// or postgresql:// URL']);
      expect(error.message).not.toContain('hunter2');
    }
  });

  it('takes an address or a name with an address for MAIL_FROM', () => {
    expect(parseEnv({ MAIL_FROM: 'no-reply@gallop.example' }).MAIL_FROM).toBe(
      'no-reply@gallop.example',
    );
    expect(rejectionOf({ MAIL_FROM: 'Gallop' }).problems).toEqual([
      expect.stringMatching(/^MAIL_FROM: must be an address/),
    ]);
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

  it('serves metrics only on a port of their own, bound to an address or host name', () => {
    expect(parseEnv({ METRICS_PORT: '9464' })).toMatchObject({
      METRICS_PORT: 9464,
      METRICS_HOST: '127.0.0.1',
    });
    for (const host of ['::1', '0.0.0.0', 'localhost', 'metrics.internal']) {
      expect(parseEnv({ METRICS_PORT: '9464', METRICS_HOST: host }).METRICS_HOST).toBe(host);
    }
    for (const port of ['metrics', '70000', '-1', '94.64']) {
      expect(rejectionOf({ METRICS_PORT: port }).problems).toEqual([
        `METRICS_PORT: must be a whole number from 0 to 65535 (got ${JSON.stringify(port)})`,
      ]);
    }
    for (const host of ['http://10.0.0.5', '10.0.0.5:9464', '[::1]', 'bad_host', '-x.example']) {
      expect(rejectionOf({ METRICS_PORT: '9464', METRICS_HOST: host }).problems).toEqual([
        `METRICS_HOST: must be an IP address or a host name, e.g. 127.0.0.1 (got ${JSON.stringify(host)})`,
      ]);
    }
    // Never the public port, and a host alone does not turn them on unnoticed.
    expect(rejectionOf({ PORT: '4000', METRICS_PORT: '4000' }).problems).toEqual([
      'METRICS_PORT: must differ from PORT; metrics are never served on the public port (got 4000)',
    ]);
    expect(rejectionOf({ METRICS_PORT: '4000' }).problems).toEqual([
      expect.stringMatching(/^METRICS_PORT: must differ from PORT/),
    ]);
    expect(parseEnv({ PORT: '0', METRICS_PORT: '0' }).METRICS_PORT).toBe(0);
    expect(rejectionOf({ METRICS_HOST: '0.0.0.0' }).problems).toEqual([
      'METRICS_HOST: needs METRICS_PORT; metrics are served only on a port of their own (got "0.0.0.0")',
    ]);
  });

  it('keeps from 1,000 to 1,000,000 tours in the card store', () => {
    expect(parseEnv({ CARD_STORE_TOURS: '1000' }).CARD_STORE_TOURS).toBe(1_000);
    expect(parseEnv({ CARD_STORE_TOURS: '1000000' }).CARD_STORE_TOURS).toBe(1_000_000);
    expect(rejectionOf({ CARD_STORE_TOURS: '999' }).problems).toEqual([
      'CARD_STORE_TOURS: must be at least 1000 (got "999")',
    ]);
    for (const tours of ['1000001', 'many', '2e4', '-5']) {
      expect(rejectionOf({ CARD_STORE_TOURS: tours }).problems).toEqual([
        expect.stringMatching(/^CARD_STORE_TOURS: must be /),
      ]);
    }
  });

  it('reads TRUSTED_PROXIES as addresses and CIDR ranges, and refuses anything else', () => {
    expect(parseEnv({ TRUSTED_PROXIES: ' 10.0.0.5, fd00::/8 ,loopback' }).TRUSTED_PROXIES).toEqual([
      '10.0.0.5',
      'fd00::/8',
      'loopback',
    ]);
    for (const proxies of ['web.internal', '10.0.0.0/33', '::1/129', '10.0.0.1/8/2', ',']) {
      expect(rejectionOf({ TRUSTED_PROXIES: proxies }).problems).toEqual([
        expect.stringMatching(/^TRUSTED_PROXIES: must be comma-separated IP addresses/),
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
