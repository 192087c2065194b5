import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInApp } from '../../../../lib/testing/render-in-app';
import type { BlogPostSummary } from '../../api';
import { BlogIndexView } from './blog-index';

const post = (id: number): BlogPostSummary => ({
  id,
  slug: `post-number-${id}`,
  title: `Post ${id}`,
  excerpt: `About ${id}`,
  published_at: '2026-05-04T10:00:00Z',
  image: { image: `/media/generated/trail/${id}/{{size}}.jpg`, alt: `Post ${id}` },
});

const list = (page: number, ids: number[]) => ({
  items: ids.map(post),
  pagination: { page, per_page: 20, total: 46, page_count: 3 },
});

describe('BlogIndexView', () => {
  it('leads the first page with the newest post and links each post and the next pages', async () => {
    await renderInApp(<BlogIndexView category={undefined} page={1} list={list(1, [46, 45, 44])} />);
    const titles = await screen.findAllByRole('heading', { level: 2 });
    expect(titles.map((title) => title.textContent)).toEqual(['Post 46', 'Post 45', 'Post 44']);
    expect(screen.getByRole('link', { name: 'Post 46' }).getAttribute('href')).toBe(
      '/blog/post-number-46',
    );
    expect(document.querySelector('.blog-post-card--featured')?.textContent).toContain('Post 46');
    expect(screen.getAllByText('4 May 2026', { selector: 'time' })).toHaveLength(3);

    const pages = within(screen.getByRole('navigation', { name: 'Pagination' }));
    expect(pages.getByRole('link', { name: 'Page 2' }).getAttribute('href')).toBe('/blog?page=2');
    expect(pages.getByRole('link', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');
    expect(pages.getByRole('link', { name: /Next/ }).getAttribute('href')).toBe('/blog?page=2');
    expect(pages.queryByRole('link', { name: /Previous/ })).toBeNull();
  });

  it('names a category page after its slug and pages within the category', async () => {
    await renderInApp(<BlogIndexView category="riding-tips" page={2} list={list(2, [20])} />);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Riding tips');
    expect(document.querySelector('.blog-post-card--featured')).toBeNull();
    const pages = within(screen.getByRole('navigation', { name: 'Pagination' }));
    expect(pages.getByRole('link', { name: /Previous/ }).getAttribute('href')).toBe(
      '/blog/riding-tips',
    );
    expect(pages.getByRole('link', { name: 'Page 3' }).getAttribute('href')).toBe(
      '/blog/riding-tips?page=3',
    );
    expect(pages.getByRole('link', { name: 'Page 1' }).getAttribute('aria-current')).toBeNull();
  });
});
