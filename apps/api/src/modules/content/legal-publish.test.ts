import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#src/db/client.ts';
import { legalDocuments } from '#src/db/schema/index.ts';
import { openMigratedPglite } from '#src/testing/database.ts';
import { findLegalDocument, listPublishedLegalKinds } from './legal.ts';
import { LegalPublishError, publishLegalDocument, withdrawLegalDocument } from './legal-publish.ts';
import { legalTextToHtml } from './legal-text.ts';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openMigratedPglite();
});
afterAll(() => handle.close());

const today = '2026-12-06';
const TERMS = '# Terms of Use\n\n## 1. Who we are\n\nGallop is a marketplace.\n';

const versionsOf = (kind: 'terms' | 'privacy' | 'cookies') =>
  handle.db
    .select()
    .from(legalDocuments)
    .where(eq(legalDocuments.kind, kind))
    .orderBy(asc(legalDocuments.version));

// Decision 166: an operator publishes the legal texts of a production site from files.
describe('publishLegalDocument (pnpm --filter @gallop/api legal)', () => {
  it('publishes version 1 in force from today, in the demo’s HTML, and the page shows it', async () => {
    const result = await publishLegalDocument(handle.db, { kind: 'terms', text: TERMS, today });
    expect(result).toEqual({
      kind: 'terms',
      version: 1,
      title: 'Terms of Use',
      effectiveFrom: today,
      created: true,
    });
    const shown = await findLegalDocument(handle.db, 'terms', undefined, today);
    expect(shown).toMatchObject({
      version: 1,
      title: 'Terms of Use',
      body: '<h2>1. Who we are</h2>\n<p>Gallop is a marketplace.</p>',
      effective_from: today,
    });
  });

  it('publishes nothing for the same text again', async () => {
    const again = await publishLegalDocument(handle.db, { kind: 'terms', text: TERMS, today });
    expect(again).toMatchObject({ version: 1, created: false });
    expect(await versionsOf('terms')).toHaveLength(1);
  });

  it('publishes a new version for a new text, in force from its date', async () => {
    const revised = `${TERMS}\n## 2. Reviews\n\nOnly riders who took part review a tour.\n`;
    const result = await publishLegalDocument(handle.db, {
      kind: 'terms',
      text: revised,
      effectiveFrom: '2027-01-01',
      today,
    });
    expect(result).toMatchObject({ version: 2, effectiveFrom: '2027-01-01', created: true });
    expect((await versionsOf('terms')).map((row) => row.version)).toEqual([1, 2]);
    // Version 1 stays in force until version 2's day.
    expect(await findLegalDocument(handle.db, 'terms', undefined, today)).toMatchObject({
      version: 1,
      versions: [
        { version: 2, effective_from: '2027-01-01' },
        { version: 1, effective_from: today },
      ],
    });
    expect(await findLegalDocument(handle.db, 'terms', undefined, '2027-01-01')).toMatchObject({
      version: 2,
    });
  });

  it('names a document without a title line by its kind, and keeps kinds apart', async () => {
    const result = await publishLegalDocument(handle.db, {
      kind: 'cookies',
      text: 'We keep your currency in a cookie.',
      today,
    });
    expect(result).toMatchObject({ kind: 'cookies', version: 1, title: 'Cookie Policy' });
    expect(await versionsOf('privacy')).toEqual([]);
  });

  it.each([
    [{ kind: 'manifesto', text: TERMS }, 'Unknown kind "manifesto": expected one of terms'],
    [{ kind: 'privacy', text: '' }, 'The file is empty'],
    [{ kind: 'privacy', text: ' \n\t\n' }, 'The file is empty'],
    [{ kind: 'privacy', text: '# Privacy Policy\n' }, 'a title but no text'],
    [{ kind: 'privacy', text: TERMS, effectiveFrom: '2027-02-30' }, 'YYYY-MM-DD'],
    [{ kind: 'terms', text: 'Older.', effectiveFrom: '2026-12-31' }, 'takes effect on 2027-01-01'],
  ])('refuses %o with a clear message and writes nothing', async (input, message) => {
    const before = await handle.db.select().from(legalDocuments);
    const attempt = publishLegalDocument(handle.db, { ...input, today });
    await expect(attempt).rejects.toThrow(LegalPublishError);
    await expect(attempt).rejects.toThrow(message);
    expect(await handle.db.select().from(legalDocuments)).toEqual(before);
  });
});

// Decision 169: an operator takes a document off the site; its versions stay in the table.
describe('withdrawLegalDocument (pnpm --filter @gallop/api legal withdraw)', () => {
  const now = new Date(`${today}T12:00:00Z`);

  it('takes every version off the site and keeps them in the table', async () => {
    expect(await withdrawLegalDocument(handle.db, { kind: 'terms', now })).toEqual({
      kind: 'terms',
      versions: [1, 2],
    });
    expect(await findLegalDocument(handle.db, 'terms', undefined, today)).toBeUndefined();
    expect(await findLegalDocument(handle.db, 'terms', 1, today)).toBeUndefined();
    expect(await listPublishedLegalKinds(handle.db)).toEqual(['cookies']);
    const kept = await versionsOf('terms');
    expect(kept.map((row) => [row.version, row.withdrawnAt])).toEqual([
      [1, now],
      [2, now],
    ]);
  });

  it('changes nothing for a kind that is not on the site', async () => {
    const before = await handle.db.select().from(legalDocuments);
    expect(await withdrawLegalDocument(handle.db, { kind: 'terms', now })).toEqual({
      kind: 'terms',
      versions: [],
    });
    expect(await withdrawLegalDocument(handle.db, { kind: 'privacy', now })).toEqual({
      kind: 'privacy',
      versions: [],
    });
    expect(await handle.db.select().from(legalDocuments)).toEqual(before);
  });

  it('lets the kind be published again, as the next number, on its own', async () => {
    // The same text as version 1 and a day before withdrawn version 2's: a new start.
    const result = await publishLegalDocument(handle.db, { kind: 'terms', text: TERMS, today });
    expect(result).toMatchObject({ version: 3, effectiveFrom: today, created: true });
    expect(await findLegalDocument(handle.db, 'terms', undefined, '2027-06-01')).toMatchObject({
      version: 3,
      versions: [{ version: 3, effective_from: today }],
    });
    expect(await listPublishedLegalKinds(handle.db)).toEqual(['terms', 'cookies']);
  });

  it('refuses an unknown kind', async () => {
    await expect(withdrawLegalDocument(handle.db, { kind: 'manifesto', now })).rejects.toThrow(
      'Unknown kind "manifesto"',
    );
  });
});

describe('legalTextToHtml', () => {
  it('turns Markdown into the legal pages’ HTML and escapes any HTML in the file', () => {
    const text = [
      '# Privacy Policy',
      '',
      '## 1. What we collect',
      'Your **name** and *email*, see the [Cookie Policy](/cookie-policy).',
      'Never <script>alert(1)</script> or [this](javascript:alert(1)).',
      '',
      '- one',
      '  more',
      '1. first',
      '### Details',
    ].join('\r\n');
    expect(legalTextToHtml(text)).toEqual({
      title: 'Privacy Policy',
      html: [
        '<h2>1. What we collect</h2>',
        '<p>Your <strong>name</strong> and <em>email</em>, see the <a href="/cookie-policy">Cookie Policy</a>. Never &lt;script&gt;alert(1)&lt;/script&gt; or [this](javascript:alert(1)).</p>',
        '<ul><li>one more</li></ul>',
        '<ol><li>first</li></ol>',
        '<h3>Details</h3>',
      ].join('\n'),
    });
  });
});
