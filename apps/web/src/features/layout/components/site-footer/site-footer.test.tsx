import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeApi, fakeAnswers } from '../../../../lib/testing/fake-api';
import { renderInApp } from '../../../../lib/testing/render-in-app';
import { SiteFooter } from './site-footer';

const siteInfo = (published: string[]) => ({
  ...(fakeAnswers['/spa/info'] as object),
  legal_documents: published,
});

const shownHelpLinks = () =>
  within(screen.getByRole('navigation', { name: 'Help' }))
    .getAllByRole('link')
    .map((link) => link.getAttribute('href'));

/** The footer over an API whose site info lists `published` as the published legal documents. */
async function helpLinks(published: string[]) {
  const api = createFakeApi({ ...fakeAnswers, '/spa/info': siteInfo(published) });
  await renderInApp(<SiteFooter />, { fetch: api.fetch });
  // The contacts come with the site info: once shown, the links are final.
  await screen.findByText('support@gallop.example');
  return shownHelpLinks();
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

  // Decision 169: `legal withdraw terms`; the next site info no longer lists it.
  it('drops a withdrawn document’s link once the site info says so', async () => {
    const answers: Record<string, unknown> = {
      ...fakeAnswers,
      '/spa/info': siteInfo(['terms', 'privacy']),
    };
    const { queryClient } = await renderInApp(<SiteFooter />, {
      fetch: createFakeApi(answers).fetch,
    });
    await screen.findByText('support@gallop.example');
    expect(shownHelpLinks()).toContain('/agreement');
    answers['/spa/info'] = siteInfo(['privacy']);
    await queryClient.invalidateQueries();
    await waitFor(() => expect(shownHelpLinks()).toEqual(['/help-center', '/privacy', '/sitemap']));
  });
});
