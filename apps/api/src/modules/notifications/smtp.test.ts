import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, DatabaseHandle } from '#src/db/client.ts';
import { outbox } from '#src/db/schema/index.ts';
import { openTestDatabase } from '#src/testing/database.ts';
import { dispatchOutbox, enqueueMessage, type OutboxMessage } from './outbox.ts';
import { messageIdOf, smtpTransport } from './smtp.ts';
import { capturingLog, outboxRow, queueMessage } from './testing.ts';
import { outboxTransport } from './transports.ts';

/** A password with characters a URL must percent-encode; it must never reach the log. */
const PASSWORD = 'hunter2:p@ss/word';
const FROM = 'Gallop <no-reply@gallop.example>';

interface Received {
  from: string;
  to: string[];
  headers: Map<string, string>;
  body: string;
}

let handle: DatabaseHandle;
let db: Database;
let server: SMTPServer;
let port: number;
const received: Received[] = [];
/** Greylisted recipients seen once (a greylisting server refuses the first try for a while). */
const greylisted = new Set<string>();

/** Header names (lower-case) to unfolded values, and the body, of a raw RFC 5322 message. */
function parseMessage(raw: string): { headers: Map<string, string>; body: string } {
  const split = raw.indexOf('\r\n\r\n');
  const headers = new Map<string, string>();
  for (const line of raw
    .slice(0, split)
    .replace(/\r\n(?=[ \t])/g, '')
    .split('\r\n')) {
    const colon = line.indexOf(':');
    headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body: raw.slice(split + 4).replace(/\r\n$/, '') };
}

beforeAll(async () => {
  handle = await openTestDatabase();
  db = handle.db;
  server = new SMTPServer({
    logger: false,
    // Plain SMTP on loopback: no certificate to trust, and AUTH without TLS.
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      if (auth.username === 'gallop' && auth.password === PASSWORD) {
        callback(null, { user: auth.username });
      } else {
        // A careless server that repeats what it was sent.
        callback(new Error(`Authentication failed for ${auth.username}:${auth.password}`));
      }
    },
    onRcptTo(address, _session, callback) {
      if (address.address.startsWith('refused-')) {
        callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
      } else if (address.address.startsWith('greylisted-') && !greylisted.has(address.address)) {
        greylisted.add(address.address);
        callback(
          Object.assign(new Error('Greylisted, please try again later'), { responseCode: 451 }),
        );
      } else {
        callback();
      }
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const envelope = session.envelope;
        received.push({
          from: envelope.mailFrom === false ? '' : envelope.mailFrom.address,
          to: envelope.rcptTo.map((rcpt) => rcpt.address),
          ...parseMessage(Buffer.concat(chunks).toString('utf8')),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await handle.close();
});

const smtpUrl = (user = 'gallop', password = PASSWORD) =>
  `smtp://${user}:${encodeURIComponent(password)}@127.0.0.1:${port}`;

const queue = (values: Parameters<typeof queueMessage>[1]) =>
  queueMessage(db, {
    subject: 'New dates for Altai',
    body: 'New dates are open.\nStop e-mails about this tour: see below.',
    ...values,
  });

const rowOf = (row: OutboxMessage) => outboxRow(db, row.id);

describe('smtpTransport', () => {
  it('sends the message as plain text from MAIL_FROM, with List-Unsubscribe and its one-click POST', async () => {
    const unsubscribeUrl = `https://gallop.example/unfollow?token=${'x'.repeat(120)}.sig-${randomUUID()}`;
    const recipient = `follower-${randomUUID()}@example.com`;
    const row = await queue({ recipient, payload: { tourId: 1, unsubscribeUrl } });
    const transport = smtpTransport({ url: smtpUrl(), from: FROM });
    expect(await dispatchOutbox(db, transport, row)).toBe(1);

    const message = received.find((mail) => mail.to.includes(recipient));
    expect(message).toBeDefined();
    expect(message!.from).toBe('no-reply@gallop.example');
    expect(message!.headers.get('from')).toBe(FROM);
    expect(message!.headers.get('to')).toBe(recipient);
    expect(message!.headers.get('subject')).toBe(row.subject);
    expect(message!.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(message!.body).toBe(row.body.replace(/\n/g, '\r\n'));
    expect(message!.headers.get('list-unsubscribe')).toBe(`<${unsubscribeUrl}>`);
    // RFC 8058: the web server unfollows on a POST of this body to the same address.
    expect(message!.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect((await rowOf(row)).sentAt).toBeInstanceOf(Date);
  });

  it('attaches the files queued with the message', async () => {
    const recipient = `programme-${randomUUID()}@example.com`;
    const kind = `test-${randomUUID()}`;
    const pdf = Buffer.from('%PDF-1.3\nnot really a programme, but bytes\n%%EOF\n');
    await enqueueMessage(
      db,
      { kind, channel: 'email', recipient, subject: 'Your programme', body: 'Attached.' },
      [{ filename: 'altai-trail-programme.pdf', contentType: 'application/pdf', content: pdf }],
    );
    expect(await dispatchOutbox(db, smtpTransport({ url: smtpUrl(), from: FROM }), { kind })).toBe(
      1,
    );
    const message = received.find((mail) => mail.to.includes(recipient));
    expect(message?.headers.get('content-type')).toMatch(/^multipart\/mixed/);
    const part = message!.body
      .split(/\r\n--[^\r\n]+/)
      .find((section) => /Content-Type: application\/pdf/i.test(section));
    expect(part).toMatch(/Content-Disposition: attachment;\s*filename=altai-trail-programme\.pdf/i);
    const encoded = part!.slice(part!.indexOf('\r\n\r\n') + 4).replace(/\s/g, '');
    expect(Buffer.from(encoded, 'base64').equals(pdf)).toBe(true);
  });

  it('adds no List-Unsubscribe to a message without an unfollow link', async () => {
    const recipient = `traveller-${randomUUID()}@example.com`;
    const row = await queue({ recipient });
    expect(await dispatchOutbox(db, smtpTransport({ url: smtpUrl(), from: FROM }), row)).toBe(1);
    const message = received.find((mail) => mail.to.includes(recipient));
    expect(message?.headers.has('list-unsubscribe')).toBe(false);
  });

  it('gives up on a recipient the server refuses for good (550), and logs its id, never the password', async () => {
    const row = await queue({ recipient: `refused-${randomUUID()}@example.com` });
    const log = capturingLog();
    const transport = smtpTransport({ url: smtpUrl(), from: FROM });
    expect(await dispatchOutbox(db, transport, { kind: row.kind, log })).toBe(0);
    const after = await rowOf(row);
    expect(after.sentAt).toBeNull();
    expect(after.attempts).toBe(1);
    expect(after.claimedUntil).toBeNull();
    // A 5xx to RCPT TO is permanent (RFC 5321): no later attempt.
    expect(after.nextAttemptAt).toBeNull();
    expect(log.lines).toEqual([
      {
        level: 'error',
        message: 'outbox: a message was refused for good; it stays unsent',
        details: expect.objectContaining({
          outboxId: row.id,
          attempt: 1,
          error: expect.stringContaining('550 Mailbox unavailable'),
        }),
      },
    ]);
    expect(JSON.stringify(log.lines)).not.toContain(PASSWORD);
  });

  it('tries a greylisted message (451) again later, and it arrives', async () => {
    const recipient = `greylisted-${randomUUID()}@example.com`;
    const row = await queue({ recipient });
    const log = capturingLog();
    const transport = smtpTransport({ url: smtpUrl(), from: FROM });
    expect(await dispatchOutbox(db, transport, { kind: row.kind, log })).toBe(0);
    const deferred = await rowOf(row);
    expect(deferred.attempts).toBe(1);
    expect(deferred.nextAttemptAt).toBeInstanceOf(Date);
    expect(log.lines).toEqual([
      expect.objectContaining({
        level: 'warn',
        message: 'outbox: sending a message failed; it is retried',
        details: expect.objectContaining({ error: expect.stringContaining('451') }),
      }),
    ]);
    // Not in the next rounds: only once its wait has passed.
    expect(await dispatchOutbox(db, transport, { kind: row.kind, log })).toBe(0);
    await db
      .update(outbox)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(outbox.id, row.id));
    expect(await dispatchOutbox(db, transport, { kind: row.kind, log })).toBe(1);
    expect(received.filter((mail) => mail.to.includes(recipient))).toHaveLength(1);
  });

  it('gives a message the same Message-ID each time it is sent', async () => {
    const recipient = `twice-${randomUUID()}@example.com`;
    const row = await queue({ recipient });
    const other = await queue({ recipient: `other-${randomUUID()}@example.com` });
    const transport = smtpTransport({ url: smtpUrl(), from: FROM });
    // Sent, then sent again as after a crash before `sent_at` was written.
    await transport.send(row);
    await transport.send(row);
    await transport.send(other);
    const ids = received
      .filter((mail) => mail.to.includes(recipient))
      .map((mail) => mail.headers.get('message-id'));
    expect(ids).toEqual([messageIdOf(row, FROM), messageIdOf(row, FROM)]);
    expect(ids[0]).toBe(`<outbox.${row.id}.${row.createdAt.getTime()}@gallop.example>`);
    const otherId = received.find((mail) => mail.to.includes(other.recipient))?.headers;
    expect(otherId?.get('message-id')).toBe(messageIdOf(other, FROM));
    expect(messageIdOf(other, FROM)).not.toBe(messageIdOf(row, FROM));
  });

  it('keeps the password out of the error even when the server repeats it', async () => {
    const row = await queue({ recipient: `wrong-login-${randomUUID()}@example.com` });
    const log = capturingLog();
    const wrong = 'not-the:password';
    const transport = smtpTransport({ url: smtpUrl('gallop', wrong), from: FROM });
    await dispatchOutbox(db, transport, { kind: row.kind, log });
    const logged = JSON.stringify(log.lines);
    expect(logged).toContain('Authentication failed for gallop:***');
    expect(logged).not.toContain(wrong);
    expect(logged).not.toContain(encodeURIComponent(wrong));
    const after = await rowOf(row);
    expect(after.attempts).toBe(1);
    // A wrong login is the operator's to fix: the message waits for it.
    expect(after.nextAttemptAt).toBeInstanceOf(Date);
  });
});

describe('outboxTransport with SMTP_URL', () => {
  it('sends e-mails by SMTP and writes the other channels to the log', async () => {
    const log = capturingLog();
    const transport = outboxTransport({ SMTP_URL: smtpUrl(), MAIL_FROM: FROM }, log);
    // The start line names the server, without the password.
    expect(JSON.stringify(log.lines)).toContain(`smtp 127.0.0.1:${port}`);
    expect(JSON.stringify(log.lines)).not.toContain('hunter2');

    const kind = `test-${randomUUID()}`;
    const email = await queue({ kind, recipient: `routed-${randomUUID()}@example.com` });
    const telegram = await queue({ kind, channel: 'telegram', recipient: '4242' });
    expect(await dispatchOutbox(db, transport, { kind, log })).toBe(2);
    expect(received.some((mail) => mail.to.includes(email.recipient))).toBe(true);
    expect(log.lines).toContainEqual(
      expect.objectContaining({
        message: 'outbox message',
        details: expect.objectContaining({ outboxId: telegram.id, to: '4242' }),
      }),
    );
    expect(log.lines).not.toContainEqual(
      expect.objectContaining({ details: expect.objectContaining({ outboxId: email.id }) }),
    );
  });

  it('in production sends e-mails and logs the other channels as not sent, without their text', async () => {
    const log = capturingLog();
    const transport = outboxTransport(
      { NODE_ENV: 'production', SMTP_URL: smtpUrl(), MAIL_FROM: FROM },
      log,
    );
    expect(log.lines[0]).toMatchObject({
      level: 'info',
      details: { email: `smtp 127.0.0.1:${port}`, telegram: 'not sent', others: 'not sent' },
    });
    const kind = `test-${randomUUID()}`;
    const email = await queue({ kind, recipient: `routed-${randomUUID()}@example.com` });
    const whatsapp = await queue({ kind, channel: 'whatsapp', recipient: '+15550100123' });
    expect(await dispatchOutbox(db, transport, { kind, log })).toBe(1);
    expect(received.some((mail) => mail.to.includes(email.recipient))).toBe(true);
    expect((await rowOf(whatsapp)).sentAt).toBeNull();
    expect(log.lines.at(-1)).toMatchObject({
      message: 'outbox: not sent: no transport for whatsapp',
      details: { outboxId: whatsapp.id, to: '***23' },
    });
    expect(JSON.stringify(log.lines)).not.toContain(whatsapp.body);
    expect(JSON.stringify(log.lines)).not.toContain(whatsapp.recipient);
  });
});
