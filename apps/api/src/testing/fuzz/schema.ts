/**
 * The subset of JSON Schema (OpenAPI 3.1) the fuzzer reads, and `$ref` resolution against the
 * bundled contract, so generators see plain inline schemas.
 */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  allOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  examples?: unknown[];
  default?: unknown;
  contentMediaType?: string;
  $ref?: string;
}

/** Reads a local JSON pointer (`#/components/schemas/X`) in `document`. */
export function resolvePointer(document: unknown, ref: string): unknown {
  if (!ref.startsWith('#/')) throw new Error(`Only local $refs are supported, got ${ref}`);
  let node: unknown = document;
  for (const raw of ref.slice(2).split('/')) {
    const key = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    if (node === null || typeof node !== 'object' || !(key in node)) {
      throw new Error(`Unresolvable $ref ${ref}`);
    }
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** Follows `$ref` chains until a node without one (sibling keywords win over the target's). */
export function dereference<T extends object>(document: unknown, node: T): T {
  let current = node as T & { $ref?: string };
  for (let hops = 0; typeof current.$ref === 'string'; hops += 1) {
    if (hops > 32) throw new Error(`$ref loop at ${current.$ref}`);
    const { $ref, ...siblings } = current;
    current = { ...(resolvePointer(document, $ref) as T), ...siblings } as T & { $ref?: string };
  }
  return current;
}

/**
 * The schema with every `$ref` inlined and `allOf` merged. Recursive schemas are cut at `depth`
 * (an empty schema accepts anything), which is deep enough for request bodies.
 */
export function inlineSchema(document: unknown, schema: JsonSchema, depth = 0): JsonSchema {
  if (depth > 12) return {};
  const resolved = dereference(document, schema);
  const inline = (child: JsonSchema) => inlineSchema(document, child, depth + 1);
  const { allOf, ...rest } = resolved;
  let result: JsonSchema = { ...rest };
  if (rest.items) result.items = inline(rest.items);
  if (rest.properties) {
    result.properties = Object.fromEntries(
      Object.entries(rest.properties).map(([name, child]) => [name, inline(child)]),
    );
  }
  if (typeof rest.additionalProperties === 'object') {
    result.additionalProperties = inline(rest.additionalProperties);
  }
  if (rest.oneOf) result.oneOf = rest.oneOf.map(inline);
  if (rest.anyOf) result.anyOf = rest.anyOf.map(inline);
  for (const part of allOf ?? []) result = mergeSchemas(result, inline(part));
  return result;
}

/** `allOf` of objects as one schema: properties and required lists united, the rest overlaid. */
function mergeSchemas(base: JsonSchema, extra: JsonSchema): JsonSchema {
  const merged: JsonSchema = { ...base, ...extra };
  if (base.properties || extra.properties) {
    merged.properties = { ...base.properties, ...extra.properties };
  }
  if (base.required || extra.required) {
    merged.required = [...new Set([...(base.required ?? []), ...(extra.required ?? [])])];
  }
  return merged;
}

/** The schema's main type: the first non-null entry of `type`, or one implied by its keywords. */
export function schemaType(schema: JsonSchema): string | undefined {
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const main = types.find((type) => type !== 'null');
  if (main) return main;
  if (schema.enum && schema.enum.length > 0) {
    const first = schema.enum[0];
    if (typeof first === 'number') return Number.isInteger(first) ? 'integer' : 'number';
    return typeof first;
  }
  if (schema.properties) return 'object';
  if (schema.items) return 'array';
  const variant = schema.oneOf?.[0] ?? schema.anyOf?.[0];
  return variant ? schemaType(variant) : undefined;
}
