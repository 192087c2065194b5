import { describe, expect, it } from 'vitest';
import { loadContract } from '#src/contract.ts';
import { resolvePointer } from './fuzz/schema.ts';

/**
 * Every value a client sends has bounds in the contract (issue 43, finding 10): integers a
 * minimum and a maximum (ids fit PostgreSQL's int4, so 2^31 is a 400 rather than a database
 * error), numbers a maximum, strings a `maxLength`, arrays a `maxItems`. Enums and constants are
 * bounded by their values, uploaded files by the upload limits. Answers are not checked: they
 * describe what the API writes, not input.
 */
type Node = Record<string, unknown>;

const isNode = (value: unknown): value is Node =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** Keys whose values are never request schemas (unless they name a property). */
const SKIPPED = new Set(['responses', 'examples', 'example', 'default', 'description']);

function missingBounds(schema: Node): string[] {
  if ('enum' in schema || 'const' in schema) return [];
  const types = [schema['type'] ?? []].flat();
  const has = (...keys: string[]) => keys.some((key) => key in schema);
  const missing: string[] = [];
  if (types.includes('integer') || types.includes('number')) {
    if (!has('minimum', 'exclusiveMinimum')) missing.push('minimum');
    if (!has('maximum', 'exclusiveMaximum')) missing.push('maximum');
  }
  const isFile = has('contentMediaType') || schema['format'] === 'binary';
  if (types.includes('string') && !has('maxLength') && !isFile) missing.push('maxLength');
  if (types.includes('array') && !has('maxItems')) missing.push('maxItems');
  return missing;
}

/** `pointer: missing` for every unbounded schema reachable from the operations' input. */
function unboundedInputs(contract: object): string[] {
  const problems = new Set<string>();
  const visited = new Set<unknown>();
  const walk = (node: unknown, pointer: string, properties = false): void => {
    if (Array.isArray(node)) {
      node.forEach((item, index) => walk(item, `${pointer}/${index}`));
      return;
    }
    if (!isNode(node) || visited.has(node)) return;
    visited.add(node);
    const ref = node['$ref'];
    if (typeof ref === 'string') walk(resolvePointer(contract, ref), ref);
    const missing = missingBounds(node);
    if (missing.length > 0) problems.add(`${pointer}: ${missing.join(', ')}`);
    for (const [key, child] of Object.entries(node)) {
      if (properties || !SKIPPED.has(key)) {
        walk(child, `${pointer}/${key.replaceAll('/', '~1')}`, !properties && key === 'properties');
      }
    }
  };
  walk((contract as { paths: unknown }).paths, '#/paths');
  return [...problems].sort();
}

describe('contract bounds', () => {
  it('bounds every integer, number, string and array a request can carry', () => {
    expect(unboundedInputs(loadContract())).toEqual([]);
  });

  it('finds what lacks bounds, through $refs', () => {
    const contract = {
      paths: {
        '/x': {
          post: {
            parameters: [{ name: 'id', in: 'query', schema: { type: 'integer', minimum: 1 } }],
            requestBody: {
              content: { 'application/json': { schema: { $ref: '#/components/schemas/In' } } },
            },
            responses: {
              '200': { content: { 'application/json': { schema: { type: 'string' } } } },
            },
          },
        },
      },
      components: {
        schemas: {
          In: {
            type: 'object',
            properties: {
              name: { type: 'string' },
              description: { type: 'string' },
              kind: { type: 'string', enum: ['a', 'b'] },
              tags: { type: 'array', items: { type: 'string', maxLength: 8 } },
              price: { type: ['number', 'null'], minimum: 0, maximum: 10 },
            },
          },
        },
      },
    };
    expect(unboundedInputs(contract)).toEqual([
      '#/components/schemas/In/properties/description: maxLength',
      '#/components/schemas/In/properties/name: maxLength',
      '#/components/schemas/In/properties/tags: maxItems',
      '#/paths/~1x/post/parameters/0/schema: maximum',
    ]);
  });
});
