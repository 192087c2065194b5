/**
 * Request validators and response serializers compiled on a route's first use instead of at
 * start (decision 070). The contract has about 150 operations, and Fastify compiles each one's
 * validators (Ajv) and serializers (fast-json-stringify) when the server starts: code generation
 * that took a fifth of every start (and of every test file's app), for routes most processes
 * never serve.
 *
 * The validator compiler (`request-validators.ts`, decision 156) calls `ajv.compile` once per
 * route part. Given an Ajv instance, `compileOnFirstUse` makes that call return a function that
 * compiles on its first call, then validates exactly as the compiled one would: same result,
 * same `errors` (which Fastify reads from the function after a failed call), same coercion and
 * defaults written into the data.
 */

/** Ajv's validate function, as Fastify uses it. */
interface ValidateFunction {
  (data: unknown): boolean | Promise<unknown>;
  errors?: unknown;
}

/** The part of Ajv this module touches. */
export interface CompilingAjv {
  compile(schema: object): ValidateFunction;
  getSchema(key: string): ValidateFunction | undefined;
}

export function compileOnFirstUse(ajv: CompilingAjv): void {
  const compile = ajv.compile.bind(ajv);
  ajv.compile = (schema) => {
    // A schema with an `$id` may have been compiled for another route meanwhile: Ajv refuses
    // a second schema with the same id, and Fastify's compiler asks for it first too.
    const id = '$id' in schema && typeof schema.$id === 'string' ? schema.$id : undefined;
    let compiled: ValidateFunction | undefined;
    const validate: ValidateFunction = (data) => {
      compiled ??= (id === undefined ? undefined : ajv.getSchema(id)) ?? compile(schema);
      const result = compiled(data);
      validate.errors = compiled.errors;
      return result;
    };
    return validate;
  };
}

/** A serializer compiler factory as Fastify's `schemaController.compilersFactory` takes it. */
export type SerializerFactory<Route, Options> = (
  externalSchemas?: unknown,
  options?: Options,
) => (route: Route) => (value: unknown) => string;

/** `factory`'s serializers, each compiled on its first call. */
export function serializersOnFirstUse<Route, Options>(
  factory: SerializerFactory<Route, Options>,
): SerializerFactory<Route, Options> {
  return (externalSchemas, options) => {
    const compile = factory(externalSchemas, options);
    return (route) => {
      let serialize: ((value: unknown) => string) | undefined;
      return (value) => (serialize ??= compile(route))(value);
    };
  };
}
