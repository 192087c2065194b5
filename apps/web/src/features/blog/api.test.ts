// @vitest-environment node
import { QueryClient } from '@tanstack/react-query';
import { isNotFound, isRedirect } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import {
  blogIndexPath,
  categoryLabel,
  ensureBlogIndex,
  ensureBlogPost,
  parseBlogAddress,
} from './api';
import { validateBlogSearch } from './blog-search';
import { clientAnswering, failureOf } from '../../lib/testing/api-client';

const summary = {
  id: 7,
  slug: 'rain-gear-7',
  title: 'Rain gear',
  published_at: '2026-01-01T00:00:00Z',
};

describe('parseBlogAddress', () => {
  it('reads a slug ending in a dash and a number as an article, anything else as the index', () => {
    expect(parseBlogAddress('rain-gear-that-works-21')).toEqual({
      kind: 'post',
      slug: 'rain-gear-that-works-21',
    });
    expect(parseBlogAddress(undefined)).toEqual({ kind: 'index', category: undefined });
    expect(parseBlogAddress('')).toEqual({ kind: 'index', category: undefined });
    expect(parseBlogAddress('riding-tips')).toEqual({ kind: 'index', category: 'riding-tips' });
    expect(parseBlogAddress('gear/extra-2')).toEqual({ kind: 'index', category: 'gear/extra-2' });
  });
});

describe('blog index addresses', () => {
  it('keeps only whole page numbers from 2 up', () => {
    expect(validateBlogSearch({ page: '3' })).toEqual({ page: 3 });
    for (const page of ['1', '0', '-2', '2.5', 'x', undefined]) {
      expect(validateBlogSearch({ page })).toEqual({});
    }
  });

  it('builds index paths and names categories from their slugs', () => {
    expect(blogIndexPath(undefined)).toBe('/blog');
    expect(blogIndexPath('gear', 2)).toBe('/blog/gear?page=2');
    expect(categoryLabel('riding-tips')).toBe('Riding tips');
  });
});

describe('ensureBlogIndex', () => {
  it('asks for 20 posts of the category page with alt texts', async () => {
    const { api, seen } = clientAnswering(200, {
      items: [summary],
      pagination: { page: 2, per_page: 20, total: 21, page_count: 2 },
    });
    await ensureBlogIndex(new QueryClient(), api, 'gear', 2);
    expect(Object.fromEntries(seen[0]?.searchParams ?? [])).toEqual({
      slug: 'gear',
      page: '2',
      'per-page': '20',
      with_alt: '1',
    });
  });

  it('is the 404 page for an unknown category or a page past the last', async () => {
    const unknown = clientAnswering(404, { message: 'Blog category not found' });
    expect(
      isNotFound(await failureOf(ensureBlogIndex(new QueryClient(), unknown.api, 'x', 1))),
    ).toBe(true);
    const empty = clientAnswering(200, {
      items: [],
      pagination: { page: 9, per_page: 20, total: 21, page_count: 2 },
    });
    expect(
      isNotFound(await failureOf(ensureBlogIndex(new QueryClient(), empty.api, undefined, 9))),
    ).toBe(true);
  });
});

describe('ensureBlogPost', () => {
  it('asks for 3 similar posts and returns the post at its own slug', async () => {
    const post = { ...summary, body: '<p>x</p>', similar: [] };
    const { api, seen } = clientAnswering(200, post);
    await expect(ensureBlogPost(new QueryClient(), api, post.slug)).resolves.toEqual(post);
    expect(seen[0]?.searchParams.get('similar_limit')).toBe('3');
  });

  it('redirects an old slug to the post address for good', async () => {
    const { api } = clientAnswering(200, { ...summary, body: '' });
    const failure = await failureOf(ensureBlogPost(new QueryClient(), api, 'old-words-7'));
    expect(isRedirect(failure)).toBe(true);
    const redirect = failure as { options: { href?: string; statusCode?: number } };
    expect(redirect.options.href).toBe('/blog/rain-gear-7');
    expect(redirect.options.statusCode).toBe(301);
  });

  it('is the 404 page for an unknown post', async () => {
    const { api } = clientAnswering(404, { message: 'Blog post not found' });
    expect(isNotFound(await failureOf(ensureBlogPost(new QueryClient(), api, 'nope-1')))).toBe(
      true,
    );
  });
});
