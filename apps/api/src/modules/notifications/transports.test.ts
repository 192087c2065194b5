/**
 * Where messages of a channel without a transport go: in development to the log, whole (codes
 * included, as /dev/outbox shows them); in production nowhere, and the log says so without the
 * text (an operator's walk found sign-in codes for SMS in the production log).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, DatabaseHandle } from '#src/db/client.ts';
import { openTestDatabase } from '#src/testing/database.ts';
import { dispatchOutbox } from './outbox.ts';
import { maskRecipient } from './recipients.ts';
import { capturingLog, outboxRow, queueMessage } from './testing.ts';
import { channelsReachingLogins, outboxTransport } from './transports.ts';

const MAIL_FROM = 'Gallop <no-reply@gallop.example>';

let handle: DatabaseHandle;
let db: Database;

beforeAll(async () => {
  handle = await openTestDatabase();
  db = handle.db;
});
afterAll(() => handle.close());

/** A sign-in code by SMS, as `accounts/codes.ts` queues it. */
function queueCode(kind: string) {
  const code = String(10_000 + Math.floor(Math.random() * 90_000));
  const phone = `+1415555${String(Math.floor(Math.random() * 1e4)).padStart(4, '0')}`;
  return queueMessage(db, {
    kind,
    channel: 'sms',
    recipient: phone,
    subject: 'Your sign-in code',
    body: `Your Gallop sign-in code is ${code}. It is valid for 10 minutes.`,
  }).then((row) => ({ row, code, phone }));
}

describe('in production', () => {
  it('sends no SMS, and logs only the id, kind, channel and a masked number', async () => {
    const log = capturingLog();
    const transport = outboxTransport({ NODE_ENV: 'production', MAIL_FROM }, log);
    const kind = `test-${randomUUID()}`;
    const { row, code, phone } = await queueCode(kind);
    expect(await dispatchOutbox(db, transport, { kind, log })).toBe(0);

    const after = await outboxRow(db, row.id);
    // Not sent, and not tried again: nothing will ever deliver it.
    expect(after).toMatchObject({ sentAt: null, attempts: 1, nextAttemptAt: null });
    expect(after.lastError).toBe('not sent: no transport for sms');
    const logged = JSON.stringify(log.lines);
    expect(logged).not.toContain(code);
    expect(logged).not.toContain(phone);
    expect(logged).not.toContain('sign-in code is');
    expect(log.lines.at(-1)).toEqual({
      level: 'warn',
      message: 'outbox: not sent: no transport for sms',
      details: {
        outboxId: row.id,
        kind,
        channel: 'sms',
        to: `***${phone.slice(-2)}`,
        attempt: 1,
        error: 'not sent: no transport for sms',
      },
    });
  });

  it('warns at start that e-mails are not sent without SMTP_URL', () => {
    const log = capturingLog();
    outboxTransport({ NODE_ENV: 'production', MAIL_FROM }, log);
    expect(log.lines).toEqual([
      {
        level: 'warn',
        message:
          'outbox: SMTP_URL is unset, so e-mails are not sent and sign-in codes are not offered',
        details: { email: 'not sent', telegram: 'not sent', others: 'not sent' },
      },
    ]);
  });

  it('offers codes by e-mail only, and only with SMTP', () => {
    expect(channelsReachingLogins({ NODE_ENV: 'production', SMTP_URL: 'smtp://relay:25' })).toEqual(
      ['email'],
    );
    expect(channelsReachingLogins({ NODE_ENV: 'production' })).toEqual([]);
  });
});

describe('in development', () => {
  it('writes the whole message to the log, as /dev/outbox shows it, and marks it sent', async () => {
    const log = capturingLog();
    const transport = outboxTransport({ MAIL_FROM }, log);
    expect(log.lines[0]).toMatchObject({
      message: 'outbox: transports',
      details: { email: 'log', others: 'log' },
    });
    const kind = `test-${randomUUID()}`;
    const { row, code } = await queueCode(kind);
    expect(await dispatchOutbox(db, transport, { kind, log })).toBe(1);
    expect((await outboxRow(db, row.id)).sentAt).toBeInstanceOf(Date);
    expect(log.lines.at(-1)).toMatchObject({
      message: 'outbox message',
      details: { outboxId: row.id, to: row.recipient, body: expect.stringContaining(code) },
    });
  });

  it('offers every channel (the log and /dev/outbox stand in)', () => {
    expect(channelsReachingLogins({ NODE_ENV: 'development' })).toEqual([
      'email',
      'sms',
      'whatsapp',
      'telegram',
      'vk',
    ]);
    expect(channelsReachingLogins({})).toHaveLength(5);
  });
});

describe('maskRecipient', () => {
  it('keeps the first letter and the domain of an address, the last digits of a number', () => {
    expect(maskRecipient('traveller@gallop.test')).toBe('t***@gallop.test');
    expect(maskRecipient('+14155552024')).toBe('***24');
    expect(maskRecipient('123456789')).toBe('***89');
    expect(maskRecipient('42')).toBe('***');
  });
});
