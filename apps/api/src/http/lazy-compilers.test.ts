import Ajv from 'ajv';
import { describe, expect, it, vi } from 'vitest';
import { compileOnFirstUse, serializersOnFirstUse, type CompilingAjv } from './lazy-compilers.ts';

const schema = {
  type: 'object',
  properties: { page: { type: 'integer', minimum: 1 }, sort: { type: 'string', default: 'price' } },
  required: ['page'],
  additionalProperties: false,
};

/** Ajv as Fastify configures it for requests (coercion, defaults, every error). */
function fastifyLikeAjv() {
  return new Ajv({ coerceTypes: 'array', useDefaults: true, allErrors: true });
}

describe('compileOnFirstUse (decision 070)', () => {
  it('compiles on the first validation, once, and validates as the compiled function does', () => {
    const ajv = fastifyLikeAjv();
    // The real compile, as `compileOnFirstUse` keeps it: nothing is compiled until data comes.
    const compile = vi.spyOn(ajv, 'compile');
    compileOnFirstUse(ajv as unknown as CompilingAjv);
    const validate = ajv.compile(schema);
    expect(compile).not.toHaveBeenCalled();

    const data: Record<string, unknown> = { page: '2' };
    expect(validate(data)).toBe(true);
    expect(data).toEqual({ page: 2, sort: 'price' }); // coerced and defaulted in place
    expect(validate.errors).toBeNull();

    const eager = fastifyLikeAjv().compile(schema);
    for (const bad of [{ page: 0 }, { page: 'x', extra: 1 }, {}]) {
      const lazyResult = validate({ ...bad });
      const eagerResult = eager({ ...bad });
      expect(lazyResult).toBe(false);
      expect(lazyResult).toBe(eagerResult);
      expect(validate.errors).toEqual(eager.errors);
    }
    expect(compile).toHaveBeenCalledTimes(1);
  });

  it('reuses a schema compiled under the same $id for another route', () => {
    const ajv = fastifyLikeAjv();
    compileOnFirstUse(ajv as unknown as CompilingAjv);
    const first = ajv.compile({ ...schema, $id: 'page-query' });
    const second = ajv.compile({ ...schema, $id: 'page-query' });
    expect(first({ page: 1 })).toBe(true);
    // Eagerly, Ajv refuses a second schema with an id it holds; lazily it is reused.
    expect(second({ page: 0 })).toBe(false);
    expect(second({ page: 3 })).toBe(true);
  });
});

describe('serializersOnFirstUse (decision 070)', () => {
  it('compiles a route’s serializer on its first call, once, and serialises as it would', () => {
    const compileRoute = vi.fn(
      (route: { url: string }) => (value: unknown) => `${route.url}:${JSON.stringify(value)}`,
    );
    const factory = vi.fn((_external?: unknown, _options?: { rounding: string }) => compileRoute);
    const lazyFactory = serializersOnFirstUse(factory);
    const compile = lazyFactory({ shared: {} }, { rounding: 'trunc' });
    expect(factory).toHaveBeenCalledWith({ shared: {} }, { rounding: 'trunc' });
    const serialize = compile({ url: '/spa/tours' });
    expect(compileRoute).not.toHaveBeenCalled();
    expect(serialize({ a: 1 })).toBe('/spa/tours:{"a":1}');
    expect(serialize({ b: 2 })).toBe('/spa/tours:{"b":2}');
    expect(compileRoute).toHaveBeenCalledTimes(1);
  });
});
