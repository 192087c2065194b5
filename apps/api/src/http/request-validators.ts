/**
 * The request validators (decision 156). Fastify's own compiler validates every part of a
 * request with one Ajv that coerces types (`coerceTypes: 'array'`): right for the query string,
 * the path and the headers, which are text, wrong for a JSON body, where `"1317"` and `[1317]`
 * passed as the integer 1317, `null` as 0 and `5` as the string "5". A JSON body carries its
 * types, so it is validated by an Ajv that coerces nothing: a wrong type is a 400 naming the
 * field. Otherwise both are set up as Fastify sets up its own, with the API's options (below),
 * and both compile each schema on its first use (decision 070). The split by `httpPart` is the
 * one Fastify documents (Validation-and-Serialization, "disables type coercion only for the
 * body").
 */
import Ajv, { type Options } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';
import { compileOnFirstUse, type CompilingAjv } from './lazy-compilers.ts';

/** Ajv's options for every part of a request: Fastify's defaults but two. */
const REQUEST_AJV_OPTIONS = {
  // Fastify's defaults (@fastify/ajv-compiler): a field's `default` is written into the data,
  // schemas are not kept by the instance for being used. (Its `uriResolver`, fast-uri, is Ajv's
  // own default.)
  useDefaults: true,
  addUsedSchema: false,
  // Report every invalid field at once, so forms can mark them all (the reported issues are
  // capped in `errors.ts`).
  allErrors: true,
  // Reject unknown body fields (the contract's `additionalProperties: false`) instead of
  // silently dropping them.
  removeAdditional: false,
} satisfies Options;

/** An Ajv for requests, with every format of ajv-formats (as Fastify adds them), lazy. */
function requestAjv(coerceTypes: Options['coerceTypes']): CompilingAjv {
  const ajv = new Ajv({ ...REQUEST_AJV_OPTIONS, coerceTypes });
  addFormats(ajv);
  const compiling = ajv as unknown as CompilingAjv;
  compileOnFirstUse(compiling);
  return compiling;
}

type Schema = Record<string, unknown>;

function isPlainObject(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * `schema` with its header names in lower case, as Node hands them over (`request.headers`).
 * Fastify does this for its own compiler only. fastify-openapi-glue writes the contract's
 * headers (`X-Currency`, `Idempotency-Key`, ...) as one object of `properties` and `required`;
 * its `allOf`/`anyOf`/`oneOf` branches are lowered too.
 */
export function lowerCaseHeaderNames(schema: unknown): unknown {
  if (!isPlainObject(schema)) return schema;
  const lowered: Schema = { ...schema };
  if (isPlainObject(schema['properties'])) {
    lowered['properties'] = Object.fromEntries(
      Object.entries(schema['properties']).map(([name, value]) => [name.toLowerCase(), value]),
    );
  }
  if (Array.isArray(schema['required'])) {
    lowered['required'] = schema['required'].map((name: unknown) =>
      typeof name === 'string' ? name.toLowerCase() : name,
    );
  }
  for (const keyword of ['allOf', 'anyOf', 'oneOf']) {
    const branches = schema[keyword];
    if (Array.isArray(branches)) lowered[keyword] = branches.map(lowerCaseHeaderNames);
  }
  return lowered;
}

/** What a validator compiler answers (Fastify does not export its name). */
type RequestValidator = ReturnType<FastifySchemaCompiler<unknown>>;

/** Compiles `schema` in `ajv`, reusing the one compiled under its `$id` (as Fastify does). */
function compileIn(ajv: CompilingAjv, schema: unknown): RequestValidator {
  const id = isPlainObject(schema) && typeof schema['$id'] === 'string' ? schema['$id'] : undefined;
  const validate =
    (id === undefined ? undefined : ajv.getSchema(id)) ?? ajv.compile(schema as object);
  return validate as RequestValidator;
}

/**
 * The validator compiler for `app.setValidatorCompiler`: JSON bodies without coercion, the query
 * string, path and headers coerced from text (`?page=2` is the integer 2, a repeated query
 * parameter or a single one an array where the schema wants one).
 */
export function requestValidatorCompiler(): FastifySchemaCompiler<unknown> {
  const exact = requestAjv(false);
  const coercing = requestAjv('array');
  return ({ schema, httpPart }) => {
    if (httpPart === 'body') return compileIn(exact, schema);
    return compileIn(coercing, httpPart === 'headers' ? lowerCaseHeaderNames(schema) : schema);
  };
}
