import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeApi, fakeAnswers } from '../../lib/testing/fake-api';
import { renderInApp } from '../../lib/testing/render-in-app';
import { ConsentNote } from './consent-note';

/** The note over an API whose site info lists `published` as the published legal documents. */
async function noteWith(published: string[]) {
  const info = { ...(fakeAnswers['/spa/info'] as object), legal_documents: published };
  const api = createFakeApi({ ...fakeAnswers, '/spa/info': info });
  const view = await renderInApp(
    <>
      <h1>Form</h1>
      <ConsentNote action="By sending" className="note" />
    </>,
    { fetch: api.fetch },
  );
  await screen.findByRole('heading', { name: 'Form' });
  return () => view.container.querySelector('.note');
}

const links = (note: Element | null) =>
  [...(note?.querySelectorAll('a') ?? [])].map((link) => link.getAttribute('href'));

// Decision 169: a form's consent line names and links only the published documents.
describe('ConsentNote', () => {
  it('names and links the terms and the privacy policy once both are published', async () => {
    const note = await noteWith(['terms', 'privacy']);
    await waitFor(() =>
      expect(note()).toHaveTextContent(
        /^By sending, you accept the terms of use and the privacy policy\.$/,
      ),
    );
    expect(links(note())).toEqual(['/agreement', '/privacy']);
  });

  it('names only the published one', async () => {
    const note = await noteWith(['privacy', 'cookies']);
    await waitFor(() =>
      expect(note()).toHaveTextContent(/^By sending, you accept the privacy policy\.$/),
    );
    expect(links(note())).toEqual(['/privacy']);
  });

  it('is not there while neither is published', async () => {
    const note = await noteWith(['cookies']);
    await waitFor(() => expect(note()).toBeNull());
  });

  // A form that may send must not drop a consent because the site info did not come.
  it('names both while the site info is unknown', async () => {
    const api = createFakeApi({ ...fakeAnswers, '/spa/info': undefined });
    const view = await renderInApp(<ConsentNote action="By following" className="note" />, {
      fetch: api.fetch,
    });
    const queries = () => view.queryClient.getQueryCache().findAll({ type: 'all' });
    await waitFor(() => expect(queries().map((query) => query.state.status)).toContain('error'));
    expect(view.container.querySelector('.note')).toHaveTextContent(
      'By following, you accept the terms of use and the privacy policy.',
    );
  });
});
