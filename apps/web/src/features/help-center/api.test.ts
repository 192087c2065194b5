// @vitest-environment node
import { createGallopClient } from '@gallop/api-client';
import { QueryClient } from '@tanstack/react-query';
import { isNotFound } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import {
  ensureHelpCenterPage,
  plainSummary,
  resolveHelpPage,
  searchHelpArticles,
  type HelpSection,
} from './api';

const article = (id: number, slug: string, title: string) => ({
  id,
  section_id: id < 10 ? 1 : 2,
  slug,
  title,
});

const sections: HelpSection[] = [
  {
    id: 1,
    slug: 'booking',
    title: 'Booking a tour',
    articles: [article(1, 'how-to-book', 'How do I book a tour?')],
  },
  {
    id: 2,
    slug: 'payment',
    title: 'Payments',
    articles: [article(11, 'refunds', 'When will I get my refund?')],
  },
];

/** The API of the help center over `sections`, with one article body; records the paths. */
function helpApi() {
  const seen: string[] = [];
  const api = createGallopClient({
    throwOnError: true,
    baseUrl: 'http://api.test',
    locale: { iso: 'en', localizationId: 1 },
    currency: 'USD',
    fetch: async (request) => {
      const url = new URL(request.url);
      seen.push(`${url.pathname}${url.search}`);
      if (url.pathname === '/spa/help-center-sections') return Response.json({ items: sections });
      if (url.pathname === '/spa/help-center-section') return Response.json(sections[0]);
      return Response.json({
        ...article(11, 'refunds', 'When will I get my refund?'),
        body: '<p>Within <b>5</b> days.</p>',
      });
    },
  });
  return { api, seen };
}

describe('resolveHelpPage', () => {
  it('tells sections from articles by the list of sections', () => {
    expect(resolveHelpPage(sections, undefined)).toEqual({ kind: 'home' });
    expect(resolveHelpPage(sections, 'booking')).toMatchObject({ kind: 'section' });
    expect(resolveHelpPage(sections, 'refunds')).toMatchObject({
      kind: 'article',
      slug: 'refunds',
      section: { slug: 'payment' },
    });
    expect(resolveHelpPage(sections, 'nope')).toBeUndefined();
  });
});

describe('ensureHelpCenterPage', () => {
  it('loads an article by its slug and describes it with its text', async () => {
    const { api, seen } = helpApi();
    const head = await ensureHelpCenterPage(new QueryClient(), api, 'refunds');
    expect(seen).toEqual(['/spa/help-center-sections', '/spa/help-center-article?slug=refunds']);
    expect(head).toEqual({
      title: 'When will I get my refund?',
      description: 'Within 5 days.',
      canonical: '/help-center/refunds',
    });
  });

  it('loads a section by its slug', async () => {
    const { api, seen } = helpApi();
    const head = await ensureHelpCenterPage(new QueryClient(), api, 'booking');
    expect(seen[1]).toBe('/spa/help-center-section?slug=booking');
    expect(head.canonical).toBe('/help-center/booking');
  });

  it('is the 404 page for a slug that is neither, without asking for it', async () => {
    const { api, seen } = helpApi();
    const failure = await ensureHelpCenterPage(new QueryClient(), api, 'nope').catch(
      (error: unknown) => error,
    );
    expect(isNotFound(failure)).toBe(true);
    expect(seen).toEqual(['/spa/help-center-sections']);
  });
});

describe('searchHelpArticles', () => {
  it('finds titles holding every word, ignoring case and accents', () => {
    expect(searchHelpArticles(sections, 'REFÚND my').map(({ article }) => article.slug)).toEqual([
      'refunds',
    ]);
    expect(searchHelpArticles(sections, 'book refund')).toEqual([]);
    expect(searchHelpArticles(sections, '  ')).toEqual([]);
  });
});

describe('plainSummary', () => {
  it('drops tags and cuts long text on a word', () => {
    expect(plainSummary('<p>One <b>two</b></p>\n<p>three</p>')).toBe('One two three');
    expect(plainSummary('alpha beta gamma', 12)).toBe('alpha beta…');
  });
});
