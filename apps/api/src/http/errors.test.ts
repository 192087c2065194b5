import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UnknownCurrencyError } from '#src/shared/money/rates.ts';
import { answerErrorsAsJson } from './errors.ts';

/** An error shaped as drizzle throws it: its own message, the driver's error as `cause`. */
function databaseError(code: string): Error {
  const driver = Object.assign(new Error('database said no'), { code });
  return new Error('Failed query: update booking_requests ...', { cause: driver });
}

const app = Fastify({ logger: false });
beforeAll(async () => {
  answerErrorsAsJson(app);
  app.get('/throws/:code', async (request) => {
    throw databaseError((request.params as { code: string }).code);
  });
  app.get('/unknown-currency', async () => {
    throw new UnknownCurrencyError('XTS');
  });
  await app.ready();
});
afterAll(() => app.close());

describe('errors the database undoes a transaction with', () => {
  it.each(['40P01', '40001'])('answers %s as a 409 to retry, never a 5xx', async (code) => {
    const response = await app.inject({ url: `/throws/${code}` });
    expect(response.statusCode).toBe(409);
    expect(response.headers['retry-after']).toBe('1');
    expect(response.json()).toEqual({
      message: 'This was changed at the same moment elsewhere; nothing was saved, try again',
    });
  });

  it('answers a price in a currency with no rate as a 422 naming it', async () => {
    const response = await app.inject({ url: '/unknown-currency' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: 'Currency XTS is not supported' });
  });

  it('keeps other database failures a 500 without their text', async () => {
    const response = await app.inject({ url: '/throws/XX000' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'Internal Error' });
  });
});
