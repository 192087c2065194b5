import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMigratedPglite } from '#src/testing/database.ts';
import type { DatabaseHandle } from './client.ts';
import { parseLegalArgs, runLegalCommand, type LegalCommand } from './legal-command.ts';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openMigratedPglite();
});
afterAll(() => handle.close());

const now = new Date('2026-12-06T09:30:00Z');

/** Runs `legal …` as the operator types it: its exit code and what it printed. */
async function legal(args: string[], text?: string) {
  const command = parseLegalArgs(args) as LegalCommand;
  const out: string[] = [];
  const code = await runLegalCommand(command, {
    db: handle.db,
    text,
    now,
    print: (line) => out.push(line),
    printError: (line) => out.push(`error: ${line}`),
  });
  return { code, out: out.join('\n') };
}

describe('parseLegalArgs', () => {
  it.each([
    [[], { action: 'list' }],
    [['terms', 'terms.md'], { action: 'publish', kind: 'terms', file: 'terms.md' }],
    [
      ['--from', '2027-01-01', 'terms', 'terms.md'],
      { action: 'publish', kind: 'terms', file: 'terms.md', effectiveFrom: '2027-01-01' },
    ],
    [['withdraw', 'terms'], { action: 'withdraw', kind: 'terms' }],
  ])('reads %o', (args, command) => {
    expect(parseLegalArgs(args)).toEqual({ effectiveFrom: undefined, ...command });
  });

  it.each([
    [['terms']],
    [['terms', 'a.md', 'b.md']],
    [['terms', 'a.md', '--from']],
    [['--from', '2027-01-01']],
    [['withdraw']],
    [['withdraw', 'terms', 'privacy']],
  ])('answers the usage for %o', (args) => {
    expect(parseLegalArgs(args)).toBeUndefined();
  });
});

// Decision 169: `legal withdraw KIND` as an operator runs it.
describe('legal withdraw KIND', () => {
  it('withdraws a published document, says what the site does now, and lists it as withdrawn', async () => {
    expect(
      await legal(['terms', 'terms.md'], '# Terms of Use\n\nBe kind to horses.'),
    ).toMatchObject({ code: 0 });
    const { code, out } = await legal(['withdraw', 'terms']);
    expect(code).toBe(0);
    expect(out).toContain(
      'Withdrew terms (version 1 kept, no longer shown): /agreement is the 404 page now',
    );
    expect(out).toContain('terms\tv1\t2026-12-06\tTerms of Use\twithdrawn 2026-12-06');
    expect(out).toContain('No legal documents on the site: it links none.');
  });

  it('changes nothing the second time, and succeeds', async () => {
    const { code, out } = await legal(['withdraw', 'terms']);
    expect(code).toBe(0);
    expect(out).toContain('Unchanged: terms is not on the site, nothing to withdraw');
  });

  it('publishes the same text again as the next version', async () => {
    const { code, out } = await legal(
      ['terms', 'terms.md'],
      '# Terms of Use\n\nBe kind to horses.',
    );
    expect(code).toBe(0);
    expect(out).toContain('Published terms version 2 "Terms of Use", in force from 2026-12-06');
    expect(out).toMatch(/terms\tv2\t2026-12-06\tTerms of Use$/m);
  });

  it('refuses an unknown kind with exit code 1', async () => {
    expect(await legal(['withdraw', 'manifesto'])).toEqual({
      code: 1,
      out: expect.stringContaining('error: Unknown kind "manifesto"'),
    });
  });
});
