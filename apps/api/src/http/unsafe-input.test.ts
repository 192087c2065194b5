import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#src/testing/app.ts';
import { expectContractSchema } from '#src/testing/contract.ts';
import { MAX_REPORTED_ISSUES } from './errors.ts';
import { MAX_BODY_VALUES } from './unsafe-input.ts';

let api: TestApp;
beforeAll(async () => {
  api = await buildTestApp();
});
afterAll(() => api.close());

describe('input the database cannot hold', () => {
  it.each([
    ['/spa/organizer-reviews?id=1&page=Infinity', 'page'],
    ['/spa/organizer-reviews?id=1e400', 'id'],
    ['/spa/tours?countries=1&countries=-Infinity', 'countries'],
  ])('answers 400 for a non-finite number: %s', async (url, field) => {
    const response = await api.app.inject({ url });
    expect(response.statusCode).toBe(400);
    expect(expectContractSchema(response, 'Error')).toEqual({
      message: 'Invalid query parameters',
      errors: { [field]: ['must be a finite number'] },
    });
  });

  it('answers 400 for a NUL character in text', async () => {
    const response = await api.app.inject({ url: '/spa/blog-post?slug=ride%00-1' });
    expect(response.statusCode).toBe(400);
    expect(expectContractSchema(response, 'Error')).toEqual({
      message: 'Invalid query parameters',
      errors: { slug: ['must not contain NUL characters'] },
    });
  });

  it('answers 400 for a non-finite number in a JSON body', async () => {
    const response = await api.app.inject({
      method: 'POST',
      url: '/crm/api/favourite-tour/create',
      headers: { 'content-type': 'application/json' },
      payload: '{"tour_id": 1e400}',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'Invalid request body',
      errors: { tour_id: ['must be a finite number'] },
    });
  });

  it('answers 400, not a crash, for absurdly nested JSON', async () => {
    const response = await api.app.inject({
      method: 'POST',
      url: '/crm/api/favourite-tour/create',
      headers: { 'content-type': 'application/json' },
      payload: `{"tour_id": 1, "x": ${'['.repeat(5000)}${']'.repeat(5000)}}`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'Invalid request body' });
  });

  /** A code sign-in carrying `count` favourite ids of 0 (each one invalid). */
  const signInWithFavourites = (count: number) =>
    api.app.inject({
      method: 'POST',
      url: '/crm/api/user/auth-via-code',
      payload: {
        login: 'a@example.com',
        code: '12345',
        favourites_tours_ids: Array(count).fill(0),
      },
    });

  it('answers 400 at once, in a few words, for a body of 100 000 values', async () => {
    const response = await signInWithFavourites(100_000);
    expect(response.statusCode).toBe(400);
    expect(expectContractSchema(response, 'Error')).toEqual({
      message: 'Invalid request body',
      errors: { body: [`must not hold more than ${MAX_BODY_VALUES} values`] },
    });
  });

  it('names at most 50 invalid fields, however many there are', async () => {
    const response = await signInWithFavourites(5_000);
    expect(response.statusCode).toBe(400);
    const { errors } = expectContractSchema(response, 'Error') as { errors: object };
    expect(Object.keys(errors)).toHaveLength(MAX_REPORTED_ISSUES);
    expect(response.body.length).toBeLessThan(5_000);
  });

  it('leaves ordinary text that merely spells a number alone', async () => {
    const response = await api.app.inject({
      url: '/spa/tours-filter-completion?phrase=Infinity',
    });
    expect(response.statusCode).toBe(200);
  });
});
