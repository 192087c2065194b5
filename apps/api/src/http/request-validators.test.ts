/**
 * JSON bodies are validated without type coercion, the query string, path and headers with it
 * (decision 156): the compiler on its own, then through the API, where a wrong type in a body
 * is a 400 naming the field and changes nothing.
 */
import { eq } from 'drizzle-orm';
import type { FastifySchemaCompiler } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#src/db/client.ts';
import { organizerMembers, tourDates, tours, users } from '#src/db/schema/index.ts';
import { dateWithSeats, signUp } from '#src/modules/bookings/testing-scratch.ts';
import { expectContractSchema } from '#src/testing/contract.ts';
import { buildScratchApp, type ScratchApp } from '#src/testing/scratch-database.ts';
import { lowerCaseHeaderNames, requestValidatorCompiler } from './request-validators.ts';

const idSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id'],
  properties: {
    id: { type: 'integer', minimum: 1 },
    reason: { type: 'string' },
    sort: { type: 'string', default: 'price' },
  },
};

function validatorFor(compile: FastifySchemaCompiler<unknown>, httpPart: string, schema: object) {
  return compile({ schema, httpPart, method: 'POST', url: '/test' });
}

describe('requestValidatorCompiler (decision 156)', () => {
  it('coerces nothing in a body, and still writes its defaults', () => {
    const validate = validatorFor(requestValidatorCompiler(), 'body', idSchema);
    for (const id of ['1317', [1317], null, true]) {
      const body = { id };
      expect(validate(body), JSON.stringify(id)).toBe(false);
      expect(body.id).toEqual(id); // left as it came
      expect(validate.errors).toEqual([
        expect.objectContaining({ instancePath: '/id', keyword: 'type' }),
      ]);
    }
    expect(validate({ id: 5, reason: 5 })).toBe(false);
    expect(validate.errors).toEqual([
      expect.objectContaining({ instancePath: '/reason', keyword: 'type' }),
    ]);
    const body: Record<string, unknown> = { id: 1317 };
    expect(validate(body)).toBe(true);
    expect(body).toEqual({ id: 1317, sort: 'price' });
  });

  it('reports every invalid field of a body at once and refuses unknown ones', () => {
    const validate = validatorFor(requestValidatorCompiler(), 'body', idSchema);
    expect(validate({ id: '1', reason: 2, extra: true })).toBe(false);
    expect(validate.errors?.map((error) => error.keyword).sort()).toEqual([
      'additionalProperties',
      'type',
      'type',
    ]);
  });

  it.each(['querystring', 'params'])('coerces the text of the %s', (httpPart) => {
    const validate = validatorFor(requestValidatorCompiler(), httpPart, idSchema);
    const data: Record<string, unknown> = { id: '2' };
    expect(validate(data)).toBe(true);
    expect(data).toEqual({ id: 2, sort: 'price' });
    expect(validate({ id: 'two' })).toBe(false);
  });

  it('checks formats in every part', () => {
    const schema = { type: 'object', properties: { email: { type: 'string', format: 'email' } } };
    const compile = requestValidatorCompiler();
    for (const httpPart of ['body', 'querystring']) {
      const validate = validatorFor(compile, httpPart, schema);
      expect(validate({ email: 'rider@example.com' })).toBe(true);
      expect(validate({ email: 'not an address' })).toBe(false);
    }
  });

  it.each(['body', 'querystring'])(
    'compiles a %s schema on its first use (decision 070)',
    (part) => {
      // A schema Ajv refuses: compiled at once, getting the validator would throw.
      const validate = validatorFor(requestValidatorCompiler(), part, { type: 'no-such-type' });
      expect(() => validate({})).toThrow(/schema is invalid/);
    },
  );

  it('matches header names in any case against the lower-cased request headers', () => {
    const schema = {
      type: 'object',
      required: ['Idempotency-Key'],
      properties: {
        'X-Currency': { type: 'string', pattern: '^[A-Z]{3}$' },
        'Idempotency-Key': {},
      },
    };
    expect(lowerCaseHeaderNames(schema)).toEqual({
      type: 'object',
      required: ['idempotency-key'],
      properties: { 'x-currency': schema.properties['X-Currency'], 'idempotency-key': {} },
    });
    const validate = validatorFor(requestValidatorCompiler(), 'headers', schema);
    expect(validate({ 'idempotency-key': 'k', 'x-currency': 'EUR' })).toBe(true);
    expect(validate({ 'idempotency-key': 'k', 'x-currency': 'eur' })).toBe(false);
    expect(validate({ 'x-currency': 'EUR' })).toBe(false);
  });
});

describe('a wrong type in a JSON body (decision 156)', () => {
  let scratch: ScratchApp;
  let db: Database;
  beforeAll(async () => {
    scratch = await buildScratchApp('request_validators', { PUBLIC_WRITE_LIMIT: '1000000' });
    db = scratch.scratch.handle.db;
  }, 120_000);
  afterAll(() => scratch?.close());

  /** A not-guaranteed date and a member of its organizer, who may cancel it. */
  async function dateAndMember() {
    const date = await dateWithSeats(db, 10, new Set(), { guaranteed: false });
    const member = await signUp(scratch.app);
    const [user] = await db.select().from(users).where(eq(users.email, member.email));
    const [tour] = await db
      .select({ organizerId: tours.organizerId })
      .from(tours)
      .where(eq(tours.id, date.tourId));
    await db.insert(organizerMembers).values({ organizerId: tour!.organizerId, userId: user!.id });
    return { date, token: member.token };
  }

  const cancelDeparture = (token: string, payload: unknown) =>
    scratch.app.inject({
      method: 'POST',
      url: '/crm/api/partner/departure/cancel',
      headers: { 'x-authorization': `Bearer ${token}`, 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });

  async function cancelledAt(id: number) {
    const [row] = await db
      .select({ cancelledAt: tourDates.cancelledAt })
      .from(tourDates)
      .where(eq(tourDates.id, id));
    return row!.cancelledAt;
  }

  it('cancels no date for a number where the reason is a string: 400 naming the field', async () => {
    const { date, token } = await dateAndMember();
    const response = await cancelDeparture(token, { id: date.id, reason: 5 });
    expect(response.statusCode).toBe(400);
    expect(expectContractSchema(response, 'Error')).toEqual({
      message: 'Invalid request body',
      errors: { reason: ['must be string'] },
    });
    expect(await cancelledAt(date.id)).toBeNull();
  });

  it.each([
    ['a string', (id: number) => String(id)],
    ['an array', (id: number) => [id]],
    ['null', () => null],
    ['a boolean', () => true],
  ])('cancels no date for %s where the id is an integer: 400 naming the field', async (_, id) => {
    const { date, token } = await dateAndMember();
    const response = await cancelDeparture(token, { id: id(date.id), reason: 'Storm' });
    expect(response.statusCode).toBe(400);
    expect(expectContractSchema(response, 'Error')).toEqual({
      message: 'Invalid request body',
      errors: { id: ['must be integer'] },
    });
    expect(await cancelledAt(date.id)).toBeNull();

    // The same date and member with the types of the contract: the refusal was the types'.
    const cancelled = await cancelDeparture(token, { id: date.id, reason: 'Storm' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await cancelledAt(date.id)).not.toBeNull();
  });

  it('still reads the query string as text to coerce: ?page=2 is page 2', async () => {
    const second = await scratch.app.inject({ url: '/spa/blog-posts?page=2' });
    expect(second.statusCode, second.body).toBe(200);
    expect((second.json() as { pagination: { page: number } }).pagination.page).toBe(2);

    const word = await scratch.app.inject({ url: '/spa/blog-posts?page=two' });
    expect(word.statusCode).toBe(400);
    expect(expectContractSchema(word, 'Error')).toEqual({
      message: 'Invalid query parameters',
      errors: { page: ['must be integer'] },
    });
  });

  it('still validates the contract’s headers whatever the case of their names', async () => {
    // The contract names it `X-Rider-Passport`, at most 512 characters.
    const passport = (length: number) =>
      scratch.app.inject({
        url: '/spa/tours-map',
        headers: { 'X-Rider-Passport': `level=novice&${'x'.repeat(length - 13)}` },
      });
    // Too long first: a repeated search is answered from the cache, before validation.
    const tooLong = await passport(513);
    expect(tooLong.statusCode).toBe(400);
    expect(expectContractSchema(tooLong, 'Error')).toEqual({
      message: 'Invalid request headers',
      errors: { 'x-rider-passport': ['must NOT have more than 512 characters'] },
    });
    expect((await passport(512)).statusCode).toBe(200);
  });
});
