import { describe, expect, it } from 'vitest';
import { cpuPerRequest } from './cpu.ts';

describe('cpuPerRequest', () => {
  it("counts each PostgreSQL process's own use, new ones whole and ended ones not at all", () => {
    const before = {
      serverMs: 100,
      postgresMs: 5_000,
      postgresByPid: new Map([
        ['10', 1_000],
        ['11', 4_000],
      ]),
      generatorMs: 50,
    };
    // 11 ended during the run (its 4 s gone from the total), 12 started and used 300 ms.
    const after = {
      serverMs: 300,
      postgresMs: 1_500,
      postgresByPid: new Map([
        ['10', 1_200],
        ['12', 300],
      ]),
      generatorMs: 150,
    };
    expect(cpuPerRequest(before, after, 100)).toEqual({
      serverMs: 2,
      postgresMs: 5,
      generatorMs: 1,
    });
  });
});
