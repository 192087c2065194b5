import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MAX_REPORTED_ISSUES } from './errors.ts';

type Schema = {
  type?: string | string[];
  items?: Schema;
  properties?: Record<string, Schema>;
  /** Fastify's form of an OpenAPI request body: the schema per content type. */
  content?: Record<string, { schema?: Schema }>;
};

/** Whether a route's body must be a JSON object (its only content type is JSON). */
function expectsJsonObject(body: Schema | undefined): boolean {
  const types = Object.keys(body?.content ?? {});
  return types.length > 0 && types.every((type) => type === 'application/json');
}

/** The JSON schema of a route's body, in either form Fastify keeps it. */
function jsonBodySchema(body: Schema | undefined): Schema | undefined {
  return body?.content?.['application/json']?.schema ?? body;
}

const NUL = '\u0000';

const isNumeric = (schema: Schema | undefined): boolean => {
  const types = [schema?.type ?? []].flat();
  return types.includes('integer') || types.includes('number');
};

/** `1e400`, `Infinity`: numbers the validator's coercion lets through but no column can hold. */
function nonFinite(value: unknown): boolean {
  if (typeof value === 'number') return !Number.isFinite(value);
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value);
    return !Number.isNaN(parsed) && !Number.isFinite(parsed);
  }
  return false;
}

/** The numeric fields (or lists of numbers) of a query or path schema, read once per route. */
function numericFields(schema: Schema | undefined): ReadonlySet<string> {
  const names = Object.entries(schema?.properties ?? {})
    .filter(([, field]) => isNumeric(field) || isNumeric(field.items))
    .map(([name]) => name);
  return new Set(names);
}

function checkValue(
  name: string,
  value: unknown,
  numeric: boolean,
  errors: Record<string, string[]>,
): void {
  if (typeof value === 'string' && value.includes(NUL)) {
    (errors[name] ??= []).push('must not contain NUL characters');
  } else if (numeric && nonFinite(value)) {
    (errors[name] ??= []).push('must be a finite number');
  }
}

/** Query or path values: flag NUL characters anywhere and non-finite numbers in numeric fields. */
function checkParameters(
  values: unknown,
  numeric: ReadonlySet<string>,
  errors: Record<string, string[]>,
): void {
  if (!values || typeof values !== 'object') return;
  // Every request passes here: no arrays made per value.
  for (const name in values) {
    const raw = (values as Record<string, unknown>)[name];
    const isNumber = numeric.has(name);
    if (Array.isArray(raw)) {
      for (const value of raw) checkValue(name, value, isNumber, errors);
    } else {
      checkValue(name, raw, isNumber, errors);
    }
  }
}

/** Deeper JSON than any contract body needs; answered 400 rather than walked. */
const MAX_BODY_DEPTH = 64;
/**
 * More JSON values than any contract body needs (the largest hold a few hundred): answered 400
 * before the validator, which would spend a second on 100 000 wrong array items (issue 43,
 * finding 10).
 */
export const MAX_BODY_VALUES = 10_000;

/**
 * JSON bodies: `1e400` parses to Infinity, and PostgreSQL text cannot hold NUL. Walks without
 * recursion, so a hostile 5000-level nesting cannot exhaust the stack.
 */
function checkBody(body: unknown, errors: Record<string, string[]>, schema?: Schema): void {
  // Top-level numeric fields given as text (`"Infinity"`): the validator's coercion would pass them.
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    for (const [name, value] of Object.entries(body as Record<string, unknown>)) {
      if (typeof value === 'string' && isNumeric(schema?.properties?.[name]) && nonFinite(value)) {
        (errors[name] ??= []).push('must be a finite number');
      }
    }
  }
  const stack: { value: unknown; path: string; depth: number }[] = [
    { value: body, path: '', depth: 0 },
  ];
  // Values met so far, walked or waiting on the stack.
  let seen = 1;
  while (stack.length > 0) {
    const { value, path, depth } = stack.pop()!;
    const field = path || 'body';
    if (typeof value === 'number' && !Number.isFinite(value)) {
      (errors[field] ??= []).push('must be a finite number');
    } else if (typeof value === 'string' && value.includes(NUL)) {
      (errors[field] ??= []).push('must not contain NUL characters');
    } else if (value && typeof value === 'object') {
      if (depth >= MAX_BODY_DEPTH) {
        (errors[field] ??= []).push(`must not be nested deeper than ${MAX_BODY_DEPTH} levels`);
        continue;
      }
      const keys = Object.keys(value);
      seen += keys.length;
      if (seen > MAX_BODY_VALUES) {
        errors['body'] = [`must not hold more than ${MAX_BODY_VALUES} values`];
        return;
      }
      for (const key of keys) {
        const item = (value as Record<string, unknown>)[key];
        stack.push({ value: item, path: path ? `${path}.${key}` : key, depth: depth + 1 });
      }
    }
  }
}

/**
 * Rejects input that passes JSON-schema validation but would make PostgreSQL fail (and so answer
 * 500): NUL characters in text and non-finite numbers. Runs before the contract's validation, on
 * every route, with the route's own schema to know which query fields are numeric.
 */
export function rejectUnsafeInput(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const schema = route.schema as
      { querystring?: Schema; params?: Schema; body?: Schema } | undefined;
    // Read on the first request, once the route's schema is final.
    let numeric: { params: ReadonlySet<string>; query: ReadonlySet<string> } | undefined;
    const guard = async (request: FastifyRequest, reply: FastifyReply) => {
      numeric ??= {
        params: numericFields(schema?.params),
        query: numericFields(schema?.querystring),
      };
      const errors: Record<string, string[]> = {};
      checkParameters(request.params, numeric.params, errors);
      const pathErrors = Object.keys(errors).length > 0;
      checkParameters(request.query, numeric.query, errors);
      const queryErrors = Object.keys(errors).length > 0;
      // Every request body of the contract is required: none at all is the caller's mistake.
      if (schema?.body && (request.body === undefined || request.body === null)) {
        errors.body = ['Required field'];
      } else if (expectsJsonObject(schema?.body) && typeof request.body !== 'object') {
        // A `text/plain` body is parsed to a string, which only a JSON schema would have caught.
        errors.body = ['must be a JSON object'];
      }
      checkBody(request.body, errors, jsonBodySchema(schema?.body));
      const fields = Object.keys(errors);
      if (fields.length === 0) return;
      const message = pathErrors
        ? 'Invalid path parameters'
        : queryErrors
          ? 'Invalid query parameters'
          : 'Invalid request body';
      const reported = fields.slice(0, MAX_REPORTED_ISSUES).map((field) => [field, errors[field]]);
      return reply.code(400).send({ message, errors: Object.fromEntries(reported) });
    };
    const existing = route.preValidation;
    route.preValidation = existing ? [guard, ...[existing].flat()] : [guard];
  });
}
