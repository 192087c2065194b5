import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, DatabaseHandle } from '#src/db/client.ts';
import { openTestDatabase } from '#src/testing/database.ts';
import { dispatchOutbox, type OutboxMessage } from './outbox.ts';
import { telegramTransport } from './telegram.ts';
import { capturingLog, outboxRow, queueMessage } from './testing.ts';
import { outboxTransport } from './transports.ts';

const TOKEN = '123456:test-bot-token_ABC';

interface Call {
  method: string;
  path: string;
  contentType: string | undefined;
  body: unknown;
}

let handle: DatabaseHandle;
let db: Database;
/** Stands in for the Bot API: records each call, answers `ok: false` for chat id "404". */
let botApi: Server;
let apiUrl: string;
const calls: Call[] = [];

beforeAll(async () => {
  handle = await openTestDatabase();
  db = handle.db;
  botApi = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { chat_id?: string };
      calls.push({
        method: request.method ?? '',
        path: request.url ?? '',
        contentType: request.headers['content-type'],
        body,
      });
      const answer =
        body.chat_id === '404'
          ? { ok: false, error_code: 400, description: 'Bad Request: chat not found' }
          : { ok: true, result: { message_id: calls.length } };
      // Telegram answers 400 for a missing chat; `ok: false` alone must be enough to fail.
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => botApi.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(botApi.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => botApi.close(() => resolve()));
  await handle.close();
});

const queue = (values: Parameters<typeof queueMessage>[1]) =>
  queueMessage(db, {
    channel: 'telegram',
    subject: 'Chat notifications are on',
    body: 'Done: replies to your Gallop conversations will arrive here.',
    ...values,
  });

const rowOf = (row: OutboxMessage) => outboxRow(db, row.id);

describe('telegramTransport', () => {
  it('posts sendMessage with the chat id and the body to the bot of the token', async () => {
    const chatId = String(100_000 + Math.floor(Math.random() * 1e6));
    const row = await queue({ recipient: chatId });
    const transport = telegramTransport({ token: TOKEN, apiUrl: `${apiUrl}/` });
    expect(await dispatchOutbox(db, transport, row)).toBe(1);
    const call = calls.find((seen) => (seen.body as { chat_id: string }).chat_id === chatId);
    expect(call).toEqual({
      method: 'POST',
      path: `/bot${TOKEN}/sendMessage`,
      contentType: 'application/json',
      body: { chat_id: chatId, text: row.body },
    });
    expect((await rowOf(row)).sentAt).toBeInstanceOf(Date);
  });

  it('counts an ok:false answer as a failed attempt, without the token in the log', async () => {
    const row = await queue({ recipient: '404' });
    const log = capturingLog();
    const transport = telegramTransport({ token: TOKEN, apiUrl });
    expect(await dispatchOutbox(db, transport, { kind: row.kind, log })).toBe(0);
    const after = await rowOf(row);
    expect(after.sentAt).toBeNull();
    expect(after.attempts).toBe(1);
    // No such chat (error_code 400) will not appear later: not tried again.
    expect(after.nextAttemptAt).toBeNull();
    expect(log.lines).toEqual([
      expect.objectContaining({
        level: 'error',
        details: expect.objectContaining({
          outboxId: row.id,
          error: 'Telegram: sendMessage answered 200: Bad Request: chat not found',
        }),
      }),
    ]);
  });

  it('counts an unreachable Bot API as a failed attempt, without the token in the log', async () => {
    const row = await queue({ recipient: '777' });
    const log = capturingLog();
    // A port that was free a moment ago: the connection is refused.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const transport = telegramTransport({ token: TOKEN, apiUrl: `http://127.0.0.1:${port}` });
    await dispatchOutbox(db, transport, { kind: row.kind, log });
    expect((await rowOf(row)).attempts).toBe(1);
    // The Bot API may be back later: tried again.
    expect((await rowOf(row)).nextAttemptAt).toBeInstanceOf(Date);
    expect(log.lines).toHaveLength(1);
    expect(JSON.stringify(log.lines)).not.toContain(TOKEN);
  });
});

describe('outboxTransport with TELEGRAM_BOT_TOKEN', () => {
  it('sends telegram messages to the Bot API and writes e-mails and other channels to the log', async () => {
    const log = capturingLog();
    const transport = outboxTransport(
      { TELEGRAM_BOT_TOKEN: TOKEN, TELEGRAM_API_URL: apiUrl, MAIL_FROM: 'a@gallop.example' },
      log,
    );
    expect(JSON.stringify(log.lines)).not.toContain(TOKEN);
    const kind = `test-${randomUUID()}`;
    const telegram = await queue({ kind, recipient: `${Date.now()}` });
    const email = await queue({ kind, channel: 'email', recipient: `x-${randomUUID()}@a.example` });
    const whatsapp = await queue({ kind, channel: 'whatsapp', recipient: '+15550100' });
    expect(await dispatchOutbox(db, transport, { kind, log })).toBe(3);
    expect(calls.map((call) => (call.body as { chat_id: string }).chat_id)).toContain(
      telegram.recipient,
    );
    const logged = log.lines
      .filter((line) => line.message === 'outbox message')
      .map((line) => (line.details as { outboxId: number }).outboxId);
    expect(logged.sort((a, b) => a - b)).toEqual([email.id, whatsapp.id]);
  });

  it('writes telegram messages to the log when no token is set', async () => {
    const log = capturingLog();
    const before = calls.length;
    const row = await queue({ recipient: '5151' });
    const transport = outboxTransport(
      { TELEGRAM_API_URL: apiUrl, MAIL_FROM: 'a@gallop.example' },
      log,
    );
    expect(await dispatchOutbox(db, transport, row)).toBe(1);
    expect(calls).toHaveLength(before);
    expect(log.lines).toContainEqual(
      expect.objectContaining({
        message: 'outbox message',
        details: expect.objectContaining({ outboxId: row.id, channel: 'telegram' }),
      }),
    );
  });
});
