import { describe, expect, it } from 'vitest';
import { createOutbox, type SendRequest } from './outbox';
import type { ChatMessageLike } from './protocol';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

const stored = (request: SendRequest, id: number): ChatMessageLike => ({
  id,
  chat_id: request.chat_id,
  type: 'output',
  message: request.message ?? '',
  created_at: '2026-11-25T10:00:00.000Z',
  client_id: request.client_id,
});

describe('createOutbox', () => {
  it('goes waiting -> loading -> success, one message at a time in order', async () => {
    const calls: { request: SendRequest; answer: ReturnType<typeof deferred<ChatMessageLike>> }[] =
      [];
    let ids = 0;
    const outbox = createOutbox({
      createClientId: () => `c${++ids}`,
      send: (request) => {
        const answer = deferred<ChatMessageLike>();
        calls.push({ request, answer });
        return answer.promise;
      },
    });
    const seen: string[] = [];
    outbox.subscribe(() =>
      seen.push(
        outbox
          .list()
          .map((m) => `${m.clientId}:${m.status}`)
          .join(','),
      ),
    );

    outbox.enqueue({ chatId: 7, text: '  Hello  ' });
    outbox.enqueue({ chatId: '7', text: 'Second' });
    expect(outbox.list(7).map((m) => m.status)).toEqual(['loading', 'waiting']);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.request).toEqual({ chat_id: 7, client_id: 'c1', message: 'Hello' });

    calls[0]!.answer.resolve(stored(calls[0]!.request, 100));
    await Promise.resolve();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(calls).toHaveLength(2);
    expect(outbox.list(7).map((m) => m.status)).toEqual(['success', 'loading']);
    calls[1]!.answer.resolve(stored(calls[1]!.request, 101));
    await outbox.idle();
    expect(outbox.list(7).map((m) => [m.status, m.sent?.id])).toEqual([
      ['success', 100],
      ['success', 101],
    ]);
    expect(seen[0]).toBe('c1:waiting');
    expect(seen).toContain('c1:loading,c2:waiting');
  });

  it('marks a failed send with the reason and retries it with the same client id', async () => {
    const requests: SendRequest[] = [];
    let fail = true;
    const outbox = createOutbox({
      createClientId: () => 'same',
      send: async (request) => {
        requests.push(request);
        if (fail) throw new Error('Network is down');
        return stored(request, 5);
      },
    });
    outbox.enqueue({ chatId: 3, text: 'Is the tour on?' });
    await outbox.idle();
    expect(outbox.list(3)[0]).toMatchObject({ status: 'failed', error: 'Network is down' });

    fail = false;
    outbox.retry('same');
    expect(outbox.list(3)[0]!.status).toBe('loading');
    await outbox.idle();
    expect(outbox.list(3)[0]).toMatchObject({ status: 'success', error: undefined });
    expect(requests.map((r) => r.client_id)).toEqual(['same', 'same']);
  });

  it('rejects a non-numeric chat id with the spec text and an empty message', () => {
    const outbox = createOutbox({ send: async (r) => stored(r, 1) });
    expect(() => outbox.enqueue({ chatId: 'abc', text: 'Hi' })).toThrow(
      'data.chatId must be a number',
    );
    expect(() => outbox.enqueue({ chatId: 1, text: '   ' })).toThrow('text or a file');
    expect(outbox.list()).toEqual([]);
  });

  it('sends a file without text and lets a failed message be removed', async () => {
    const requests: SendRequest[] = [];
    const outbox = createOutbox({
      send: async (request) => {
        requests.push(request);
        throw new Error('Too many messages');
      },
    });
    const item = outbox.enqueue({ chatId: 2, fileId: 9 });
    await outbox.idle();
    expect(requests[0]).toEqual({ chat_id: 2, client_id: item.clientId, file_id: 9 });
    outbox.remove(item.clientId);
    expect(outbox.list(2)).toEqual([]);
  });

  it('keeps chats apart in list(chatId)', async () => {
    const outbox = createOutbox({ send: async (r) => stored(r, 1) });
    outbox.enqueue({ chatId: 1, text: 'a' });
    outbox.enqueue({ chatId: 2, text: 'b' });
    await outbox.idle();
    expect(outbox.list(2).map((m) => m.text)).toEqual(['b']);
    expect(outbox.list()).toHaveLength(2);
  });
});

describe('createOutbox list()', () => {
  it('answers the same array until something changes', async () => {
    const outbox = createOutbox({ send: async (r) => stored(r, 1) });
    expect(outbox.list(4)).toBe(outbox.list(4));
    outbox.enqueue({ chatId: 4, text: 'x' });
    const during = outbox.list(4);
    expect(outbox.list(4)).toBe(during);
    await outbox.idle();
    expect(outbox.list(4)).not.toBe(during);
    expect(outbox.list(4)[0]!.status).toBe('success');
  });
});

describe('a held queue (a captcha the writer has not solved)', () => {
  const captchaError = Object.assign(new Error('Too many requests'), { kind: 'captcha' });
  const isHeld = (error: unknown) => (error as { kind?: string }).kind === 'captcha';

  it('keeps the message and those behind it waiting, then sends them in order', async () => {
    const sent: string[] = [];
    let refuse = true;
    let ids = 0;
    const outbox = createOutbox({
      createClientId: () => `c${++ids}`,
      isHeld,
      send: async (request) => {
        if (refuse && request.client_id === 'c2') throw captchaError;
        sent.push(request.client_id);
        return stored(request, sent.length);
      },
    });
    for (const text of ['one', 'two', 'three', 'four']) outbox.enqueue({ chatId: 7, text });
    await outbox.idle();

    expect(sent).toEqual(['c1']);
    expect(outbox.list(7).map((m) => [m.clientId, m.status, m.held ?? false])).toEqual([
      ['c1', 'success', false],
      ['c2', 'waiting', true],
      ['c3', 'waiting', false],
      ['c4', 'waiting', false],
    ]);
    expect(outbox.list(7)[1]!.error).toBe('Too many requests');

    refuse = false;
    outbox.retry('c2');
    await outbox.idle();
    expect(sent).toEqual(['c1', 'c2', 'c3', 'c4']);
    expect(outbox.list(7).every((m) => m.status === 'success' && !m.held)).toBe(true);
  });

  it('goes on when a new message is written, and passes the hold on when the held one is deleted', async () => {
    let refuse = true;
    const sent: string[] = [];
    let ids = 0;
    const outbox = createOutbox({
      createClientId: () => `c${++ids}`,
      isHeld,
      send: async (request) => {
        if (refuse) throw captchaError;
        sent.push(request.client_id);
        return stored(request, sent.length);
      },
    });
    outbox.enqueue({ chatId: 7, text: 'one' });
    await outbox.idle();
    outbox.enqueue({ chatId: 7, text: 'two' });
    await outbox.idle();
    // Writing again sent the queue on: it met the captcha again at the first message.
    expect(outbox.list(7).map((m) => [m.status, m.held ?? false])).toEqual([
      ['waiting', true],
      ['waiting', false],
    ]);

    outbox.remove('c1');
    expect(outbox.list(7).map((m) => [m.clientId, m.held])).toEqual([['c2', true]]);
    refuse = false;
    outbox.retry('c2');
    await outbox.idle();
    expect(sent).toEqual(['c2']);
  });
});

/** A connectivity the test switches. */
function switchable(online: boolean) {
  const listeners = new Set<() => void>();
  return {
    online,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    set(next: boolean) {
      this.online = next;
      for (const listener of listeners) listener();
    },
  };
}

const networkError = () => Object.assign(new Error('Network error'), { kind: 'network' });
const isOffline = (error: unknown) => (error as { kind?: string }).kind === 'network';
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('offline (waiting for the connection)', () => {
  it('keeps a message written offline waiting, and sends it once when the connection returns', async () => {
    const connectivity = switchable(false);
    const requests: SendRequest[] = [];
    let ids = 0;
    const outbox = createOutbox({
      createClientId: () => `c${++ids}`,
      connectivity,
      isOffline,
      send: async (request) => {
        requests.push(request);
        return stored(request, requests.length);
      },
    });
    outbox.enqueue({ chatId: 5, text: 'Written in the tunnel' });
    outbox.enqueue({ chatId: 5, text: 'And another' });
    await settle();
    expect(requests).toEqual([]);
    expect(outbox.list(5).map((m) => [m.status, m.offline])).toEqual([
      ['waiting', true],
      ['waiting', true],
    ]);

    const seen: string[] = [];
    outbox.subscribe(() => seen.push(outbox.list(5)[0]!.status));
    connectivity.set(true);
    await settle();
    await outbox.idle();
    expect(requests.map((r) => [r.client_id, r.message])).toEqual([
      ['c1', 'Written in the tunnel'],
      ['c2', 'And another'],
    ]);
    expect(seen.slice(0, 2)).toEqual(['loading', 'success']);
    expect(outbox.list(5).map((m) => m.status)).toEqual(['success', 'success']);
    // More reconnects send nothing again.
    connectivity.set(false);
    connectivity.set(true);
    await settle();
    expect(requests).toHaveLength(2);
  });

  it('fails a message whose one attempt after the connection returned failed, with a retry', async () => {
    const connectivity = switchable(false);
    let answer: 'refuse' | 'ok' = 'refuse';
    const requests: SendRequest[] = [];
    const outbox = createOutbox({
      createClientId: () => 'only',
      connectivity,
      isOffline,
      send: async (request) => {
        requests.push(request);
        if (answer === 'refuse') throw networkError();
        return stored(request, 1);
      },
    });
    outbox.enqueue({ chatId: 5, text: 'Hello?' });
    connectivity.set(true);
    await settle();
    await outbox.idle();
    // The connection came back but the send still found none: not retried again by itself.
    expect(outbox.list(5)[0]).toMatchObject({ status: 'failed', error: 'Network error' });
    expect(requests).toHaveLength(1);
    connectivity.set(false);
    connectivity.set(true);
    await settle();
    expect(requests).toHaveLength(1);

    answer = 'ok';
    outbox.retry('only');
    await outbox.idle();
    expect(outbox.list(5)[0]!.status).toBe('success');
    expect(requests.map((r) => r.client_id)).toEqual(['only', 'only']);
  });

  it('puts a send that found no connection back to waiting, with those behind it, and resends once', async () => {
    const connectivity = switchable(true);
    const sent: string[] = [];
    let down = true;
    let ids = 0;
    const outbox = createOutbox({
      createClientId: () => `c${++ids}`,
      connectivity,
      isOffline,
      send: async (request) => {
        if (down) throw networkError();
        sent.push(request.client_id);
        return stored(request, sent.length);
      },
    });
    outbox.enqueue({ chatId: 9, text: 'one' });
    outbox.enqueue({ chatId: 9, text: 'two' });
    await outbox.idle();
    // Not 'Not sent': both wait for the connection, none was tried twice.
    expect(outbox.list(9).map((m) => [m.status, m.offline, m.error])).toEqual([
      ['waiting', true, undefined],
      ['waiting', true, undefined],
    ]);
    // A message written meanwhile waits behind them.
    outbox.enqueue({ chatId: 9, text: 'three' });
    expect(outbox.list(9)[2]).toMatchObject({ status: 'waiting', offline: true });

    down = false;
    // The realtime connection came back (the browser never noticed it was gone).
    connectivity.set(true);
    await settle();
    await outbox.idle();
    expect(sent).toEqual(['c1', 'c2', 'c3']);
  });

  it("sends a message waiting for the connection at once when the writer asks ('Send now')", async () => {
    const connectivity = switchable(true);
    let down = true;
    const outbox = createOutbox({
      createClientId: () => 'now',
      connectivity,
      isOffline,
      send: async (request) => {
        if (down) throw networkError();
        return stored(request, 1);
      },
    });
    outbox.enqueue({ chatId: 2, text: 'Ping' });
    await outbox.idle();
    expect(outbox.list(2)[0]).toMatchObject({ status: 'waiting', offline: true });
    down = false;
    outbox.retry('now');
    await outbox.idle();
    expect(outbox.list(2)[0]!.status).toBe('success');
  });

  it('stops following the connectivity after dispose', async () => {
    const connectivity = switchable(false);
    const requests: SendRequest[] = [];
    const outbox = createOutbox({
      connectivity,
      send: async (request) => {
        requests.push(request);
        return stored(request, 1);
      },
    });
    outbox.enqueue({ chatId: 1, text: 'Later' });
    outbox.dispose();
    connectivity.set(true);
    await settle();
    expect(requests).toEqual([]);
  });
});

describe('following the connectivity', () => {
  it('only while a message waits for the connection', async () => {
    const connectivity = switchable(false);
    let subscribed = 0;
    const counted = {
      get online() {
        return connectivity.online;
      },
      subscribe(listener: () => void) {
        subscribed += 1;
        const off = connectivity.subscribe(listener);
        return () => {
          subscribed -= 1;
          off();
        };
      },
    };
    const outbox = createOutbox({ connectivity: counted, send: async (r) => stored(r, 1) });
    expect(subscribed).toBe(0);
    outbox.enqueue({ chatId: 4, text: 'Later' });
    expect(subscribed).toBe(1);
    connectivity.set(true);
    await settle();
    await outbox.idle();
    expect(outbox.list(4)[0]!.status).toBe('success');
    expect(subscribed).toBe(0);
  });
});
