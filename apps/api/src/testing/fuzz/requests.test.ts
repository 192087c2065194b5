import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { loadContract } from '#src/contract.ts';
import { contractOperations, type FuzzOperation } from './operations.ts';
import { baselineRequest, generateMalformedRequests, withAuthVariants } from './requests.ts';
import { schemaType } from './schema.ts';

const operations = contractOperations(loadContract());
const options = { seed: 7, minimum: 200 };

// Coercing like Fastify's validator, so query and path text is judged as the server judges it.
const ajv = new Ajv2020({ strict: false, coerceTypes: 'array', allErrors: true });
addFormats(ajv);

/** The baseline's query, path and JSON body as the objects Fastify validates. */
function baselineParts(operation: FuzzOperation) {
  const request = baselineRequest(operation, options.seed);
  const url = new URL(request.url, 'http://localhost');
  const query: Record<string, string[]> = {};
  for (const [name, value] of url.searchParams) (query[name] ??= []).push(value);
  const params: Record<string, string> = {};
  const template = operation.path.split('/');
  url.pathname.split('/').forEach((segment, index) => {
    const name = /^\{(.+)\}$/.exec(template[index] ?? '')?.[1];
    if (name) params[name] = decodeURIComponent(segment);
  });
  const body =
    operation.body && !operation.body.mediaTypes[0]!.startsWith('multipart/')
      ? (JSON.parse(String(request.payload)) as unknown)
      : undefined;
  return { request, query, params, body };
}

function validate(schema: object, value: unknown): string | undefined {
  const check = ajv.compile(schema);
  return check(value) ? undefined : ajv.errorsText(check.errors);
}

function parametersSchema(operation: FuzzOperation, location: 'query' | 'path') {
  const parameters = operation.parameters.filter((parameter) => parameter.in === location);
  return {
    type: 'object',
    properties: Object.fromEntries(
      parameters.map((parameter) => [parameter.name, parameter.schema]),
    ),
    required: parameters
      .filter((parameter) => parameter.required)
      .map((parameter) => parameter.name),
  };
}

describe('malformed request generation', () => {
  it('reads every operation of the contract, with its parameters, body and auth', () => {
    expect(operations.length).toBeGreaterThanOrEqual(146);
    const listTours = operations.find((operation) => operation.operationId === 'listTours');
    expect(listTours?.parameters.map((parameter) => parameter.name)).toEqual(
      expect.arrayContaining(['countries', 'priceMin', 'sort', 'page', 'expand']),
    );
    const countries = listTours?.parameters.find((parameter) => parameter.name === 'countries');
    expect(schemaType(countries!.schema)).toBe('array');
    expect(operations.filter((operation) => operation.auth !== 'none').length).toBeGreaterThan(0);
    expect(operations.filter((operation) => operation.body).length).toBeGreaterThan(0);
  });

  it.each(operations.map((operation) => [operation.operationId, operation] as const))(
    'starts %s from a baseline request the contract accepts',
    (_operationId, operation) => {
      const { query, params, body } = baselineParts(operation);
      // Query values arrive as lists; Fastify unwraps single values, as coerceTypes 'array' does.
      expect(validate(parametersSchema(operation, 'query'), query)).toBeUndefined();
      expect(validate(parametersSchema(operation, 'path'), params)).toBeUndefined();
      if (body !== undefined) expect(validate(operation.body!.schema, body)).toBeUndefined();
    },
  );

  it('makes at least 200 distinct requests per operation, each naming what it breaks', () => {
    for (const operation of operations) {
      const requests = generateMalformedRequests(operation, options);
      expect(requests.length, operation.operationId).toBeGreaterThanOrEqual(200);
      expect(new Set(requests.map((request) => request.label)).size).toBe(requests.length);
      for (const parameter of operation.parameters) {
        const label = `${parameter.in} ${parameter.name}: `;
        expect(
          requests.some((request) => request.label.startsWith(label)),
          label,
        ).toBe(true);
      }
    }
  });

  it('is deterministic for a seed and varies with it', () => {
    const operation = operations.find((candidate) => candidate.operationId === 'listTours')!;
    const first = generateMalformedRequests(operation, options);
    expect(generateMalformedRequests(operation, options)).toEqual(first);
    expect(generateMalformedRequests(operation, { ...options, seed: 8 })).not.toEqual(first);
  });

  it('breaks single parameters, body fields, the body and the URL', () => {
    const operation = operations.find(
      (candidate) => candidate.operationId === 'createBookingRequest',
    )!;
    const labels = generateMalformedRequests(operation, options).map((request) => request.label);
    expect(labels).toEqual(
      expect.arrayContaining([
        'body tour_id: int32 overflow',
        'body tourists: one over maxItems',
        'body contact: missing required email',
        'body contact.phone: pattern mismatch',
        'body tourists.0: unknown field',
        'body (root): unknown field',
        'body: truncated JSON',
        'body: missing',
        'body: plain text',
        'url path: invalid escape',
        'query value of unknown name: invalid UTF-8 bytes',
      ]),
    );
  });

  it('sends bearerAuth operations without a token and with bogus ones', () => {
    const secured = operations.find((operation) => operation.auth === 'required')!;
    const requests = withAuthVariants(secured, generateMalformedRequests(secured, options));
    const tokens = requests.map((request) => request.headers['x-authorization']);
    expect(tokens.filter((token) => token === undefined).length).toBe(requests.length / 2);
    expect(new Set(tokens.filter(Boolean)).size).toBeGreaterThan(3);
    const open = operations.find((operation) => operation.auth === 'none')!;
    const plain = generateMalformedRequests(open, options);
    expect(withAuthVariants(open, plain)).toBe(plain);
  });

  it('sends every request signed in when given a session, and every other one without it', () => {
    const secured = operations.find((operation) => operation.auth === 'required')!;
    const distinct = generateMalformedRequests(secured, options);
    const requests = withAuthVariants(secured, distinct, 'session-token');
    const tokens = requests.map((request) => request.headers['x-authorization']);
    expect(tokens.filter((token) => token === 'Bearer session-token')).toHaveLength(
      distinct.length,
    );
    expect(requests.length).toBe(distinct.length + Math.ceil(distinct.length / 2));
    expect(tokens.filter((token) => token === undefined).length).toBeGreaterThan(0);
    expect(new Set(tokens).size).toBeGreaterThan(4);
  });
});
