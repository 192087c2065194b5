import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONVERT_PRICE_TTL_MS } from '../client';
import { CONVERT_PRICE_PATH } from '../paths';
import { serverPerTest, testClient } from '../test-utils/http-server';
import { loose } from '../test-utils/loose-client';

const start = serverPerTest();
afterEach(() => {
  vi.useRealTimers();
});

type Code = 'EUR' | 'USD';
const convert = (from: Code, to: Code, amount: number) => ({
  params: { query: { from_currency: from, to_currency: to, amount } },
});

describe('convert-price cache', () => {
  it('answers the same (from, to, amount) from memory for 60 s, then asks again', async () => {
    // Only Date is faked: the HTTP server and sockets keep real timers.
    vi.useFakeTimers({ toFake: ['Date'] });
    let rate = 2;
    const server = await start((request) => ({
      body: { result: Number(request.query.get('amount')) * rate },
    }));
    const client = testClient(server);

    expect((await client.GET(CONVERT_PRICE_PATH, convert('EUR', 'USD', 100))).data).toEqual({
      result: 200,
    });
    rate = 3;
    vi.advanceTimersByTime(CONVERT_PRICE_TTL_MS - 1);
    expect((await client.GET(CONVERT_PRICE_PATH, convert('EUR', 'USD', 100))).data).toEqual({
      result: 200,
    });
    expect(server.received).toHaveLength(1);

    // Another combination is its own entry.
    expect((await client.GET(CONVERT_PRICE_PATH, convert('EUR', 'USD', 50))).data).toEqual({
      result: 150,
    });
    expect((await client.GET(CONVERT_PRICE_PATH, convert('USD', 'EUR', 100))).data).toEqual({
      result: 300,
    });
    expect(server.received).toHaveLength(3);

    vi.advanceTimersByTime(1);
    expect((await client.GET(CONVERT_PRICE_PATH, convert('EUR', 'USD', 100))).data).toEqual({
      result: 300,
    });
    expect(server.received).toHaveLength(4);
  });

  it('does not cache failed answers or other paths', async () => {
    let status = 500;
    const server = await start(() => ({ status, body: { result: 1 } }));
    const client = testClient(server);

    await expect(client.GET(CONVERT_PRICE_PATH, convert('EUR', 'USD', 1))).rejects.toMatchObject({
      status: 500,
    });
    status = 200;
    await client.GET(CONVERT_PRICE_PATH, convert('EUR', 'USD', 1));
    await loose(client).GET('/spa/info');
    await loose(client).GET('/spa/info');
    expect(server.received).toHaveLength(4);
  });
});
