import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { moduleCycles, moduleGraph, type ModuleGraph } from '#src/testing/module-graph.ts';

const SRC = fileURLToPath(new URL('.', import.meta.url));

const graphOf = (edges: Record<string, string[]>): ModuleGraph =>
  new Map(
    Object.entries(edges).map(([from, tos]) => [from, new Map(tos.map((to) => [to, [from]]))]),
  );

describe('the modules depend on each other one way (apps/api/README.md, Layout)', () => {
  it('finds a cycle through several modules, and none in a layered graph', () => {
    expect(moduleCycles(graphOf({ a: ['b'], b: ['c'], c: ['a'], d: ['a'] }))).toEqual([
      ['a', 'b', 'c'],
    ]);
    expect(moduleCycles(graphOf({ a: ['b', 'c'], b: ['c'], c: [] }))).toEqual([]);
  });

  it('has no import cycle between the modules of src/modules', () => {
    const graph = moduleGraph(SRC);
    const cycles = moduleCycles(graph).map((cycle) =>
      cycle.map((from) => {
        const inside = [...(graph.get(from) ?? [])].filter(([to]) => cycle.includes(to));
        return `${from} -> ${inside.map(([to, files]) => `${to} (${[...new Set(files)].join(', ')})`).join('; ')}`;
      }),
    );
    expect(cycles).toEqual([]);
  });
});
