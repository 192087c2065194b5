import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeApi, fakeAnswers } from '../../../../lib/testing/fake-api';
import { renderInApp } from '../../../../lib/testing/render-in-app';
import { SiteFooter } from './site-footer';

/** The footer over an API whose site info lists `published` as the published legal documents. */
async function helpLinks(published: string[]) {
  const info = { ...(fakeAnswers['/spa/info'] as object), legal_documents: published };
  const api = createFakeApi({ ...fakeAnswers, '/spa/info': info });
  await renderInApp(<SiteFooter />, { fetch: api.fetch });
  // The contacts come with the site info: once shown, the links are final.
  await screen.findByText('support@gallop.example');
  const help = screen.getByRole('navigation', { name: 'Help' });
  return within(help)
    .getAllByRole('link')
    .map((link) => link.getAttribute('href'));
}

// Decision 166: a fresh deployment has no legal documents until its operator publishes them.
describe('SiteFooter', () => {
  it('links no legal page while no document is published', async () => {
    expect(await helpLinks([])).toEqual(['/help-center', '/sitemap']);
  });

  it('links the legal pages whose documents are published, and only those', async () => {
    expect(await helpLinks(['terms', 'cookies'])).toEqual([
      '/help-center',
      '/agreement',
      '/cookie-policy',
      '/sitemap',
    ]);
  });
});
