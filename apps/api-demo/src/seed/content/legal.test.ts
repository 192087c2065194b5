import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@gallop/api/src/db/client.ts';
import { legalDocuments } from '@gallop/api/src/db/schema/index.ts';
import { LEGAL_ROUTES } from '@gallop/api/src/modules/content/index.ts';
import { openTestDatabase } from '@gallop/api/src/testing/database.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

/** A cited document: capitalised words ending as legal titles do ("Cookie Policy", "Terms of Use"). */
const CITATION =
  /\b(?:[A-Z][a-z]+ )+(?:Policy|Agreement|Rules|Notice|Conditions)\b|\bTerms of Use\b/g;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('the seeded legal documents', () => {
  it('cite only documents that exist, each linked to its own page', async () => {
    const documents = await database.db.select().from(legalDocuments);
    const kindOfTitle = new Map(documents.map((document) => [document.title, document.kind]));
    const citations: string[] = [];
    for (const document of documents) {
      const text = document.body.replace(/<h2>[^<]*<\/h2>/g, '');
      for (const [title] of text.matchAll(CITATION)) {
        if (title === document.title) continue;
        citations.push(title);
        const kind = kindOfTitle.get(title);
        expect(kind, `${document.title} v${document.version} cites "${title}"`).toBeDefined();
        const route = LEGAL_ROUTES[kind!];
        expect(route, `a page for the ${title}`).toMatch(/^\/[a-z-]+$/);
        // Every mention is a link to that page.
        const mentions = text.match(new RegExp(escape(title), 'g'))?.length ?? 0;
        const links =
          text.match(new RegExp(`<a href="${escape(route)}">${escape(title)}</a>`, 'g'))?.length ??
          0;
        expect(links, `${document.title} v${document.version} links the ${title}`).toBe(mentions);
      }
    }
    // The privacy policy does cite the cookie policy: the check above looked at real citations.
    expect(citations).toContain('Cookie Policy');
  });

  it('have a page for every kind of document', () => {
    for (const kind of ['terms', 'privacy', 'cookies', 'offer', 'safety_rules'] as const) {
      expect(LEGAL_ROUTES[kind], kind).toBeDefined();
    }
  });
});
