import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInApp } from '../../../../lib/testing/render-in-app';
import type { BlogPost } from '../../api';
import { BlogArticleView } from './blog-article';

/** The first render waits for the router; shared machines can be slow. */
const SLOW_CI = { timeout: 5000 };

const post: BlogPost = {
  id: 12,
  slug: 'riding-in-patagonia-12',
  title: 'Riding in Patagonia',
  published_at: '2026-10-05T09:00:00Z',
  excerpt: 'Wind, gauchos and a thousand guanacos.',
  body: '<p>Three weeks in the saddle.</p>',
};

describe('BlogArticleView', () => {
  it('offers to share the article on Facebook, X and by e-mail', async () => {
    await renderInApp(<BlogArticleView post={post} />);
    await screen.findByRole('heading', { level: 1, name: 'Riding in Patagonia' }, SLOW_CI);
    const share = screen.getByRole('group', { name: 'Share this article' });
    const [facebook, x, email] = within(share).getAllByRole('link');
    const address = encodeURIComponent(`/blog/${post.slug}`);
    expect(facebook).toHaveAccessibleName('Share on Facebook (opens in a new tab)');
    expect(facebook!.getAttribute('href')).toMatch(/^https:\/\/www\.facebook\.com\/sharer\//);
    expect(facebook!.getAttribute('href')).toContain(address);
    expect(x).toHaveAccessibleName('Share on X (opens in a new tab)');
    expect(x!.getAttribute('href')).toContain('text=Riding+in+Patagonia');
    expect(email).toHaveAccessibleName('Share by e-mail');
    expect(email!.getAttribute('href')).toContain('subject=Riding%20in%20Patagonia');
  });
});
