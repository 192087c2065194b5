import { describe, expect, it } from 'vitest';
import { renderedErrorPage } from './lazy-error-pages';

describe('renderedErrorPage', () => {
  it('tells a page with a failed or not-found match from a page without', () => {
    expect(renderedErrorPage([{ status: 'success' }, { status: 'success' }])).toBe(false);
    expect(renderedErrorPage([{ status: 'success' }, { status: 'error' }])).toBe(true);
    expect(renderedErrorPage([{ status: 'success' }, { status: 'notFound' }])).toBe(true);
    // An address no route takes: the root match itself carries the not-found.
    expect(renderedErrorPage([{ status: 'success', _notFound: true }])).toBe(true);
  });
});
