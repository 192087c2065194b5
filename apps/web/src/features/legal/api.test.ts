// @vitest-environment node
import { createGallopClient } from '@gallop/api-client';
import { QueryClient } from '@tanstack/react-query';
import { isNotFound } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { legalVersionPath } from './addresses';
import { ensureLegalPage, parseLegalVersion, type LegalDocument } from './api';
import { LEGAL_PAGES } from '../../lib/legal-pages';
import { legalHeadData } from './head';
import { failureOf } from '../../lib/testing/api-client';

const versions = [
  { version: 2, effective_from: '2026-08-01' },
  { version: 1, effective_from: '2024-10-01' },
];
const doc = (version: number): LegalDocument => ({
  kind: 'terms',
  version,
  title: 'Terms of Use',
  body: '<h2>1. Who we are</h2>',
  effective_from: versions.find((item) => item.version === version)?.effective_from ?? '',
  versions,
});

/** An API holding versions 1 and 2 of the terms, 2 in force; records the queries. */
function legalApi() {
  const seen: URLSearchParams[] = [];
  const api = createGallopClient({
    throwOnError: true,
    baseUrl: 'http://api.test',
    locale: { iso: 'en', localizationId: 1 },
    currency: 'USD',
    fetch: async (request) => {
      const params = new URL(request.url).searchParams;
      seen.push(params);
      const version = Number(params.get('version') ?? 2);
      return version === 1 || version === 2
        ? Response.json(doc(version))
        : Response.json({ message: 'Legal document not found' }, { status: 404 });
    },
  });
  return { api, seen };
}

describe('parseLegalVersion', () => {
  it('reads no version, a positive whole number, or nothing valid', () => {
    expect(parseLegalVersion(undefined)).toBeUndefined();
    expect(parseLegalVersion('')).toBeUndefined();
    expect(parseLegalVersion('3')).toBe(3);
    expect(parseLegalVersion('3/')).toBe(3);
    for (const splat of ['0', '03', 'latest', '2/extra', '-1', '1.5']) {
      expect(parseLegalVersion(splat)).toBe('invalid');
    }
  });
});

describe('ensureLegalPage', () => {
  it('loads the version in force alone when the address names none', async () => {
    const { api, seen } = legalApi();
    const page = await ensureLegalPage(new QueryClient(), api, 'terms', '');
    expect(page.document.version).toBe(2);
    expect(page.current.version).toBe(2);
    expect(seen.map((params) => Object.fromEntries(params))).toEqual([{ kind: 'terms' }]);
  });

  it('loads an earlier version with the one in force', async () => {
    const { api } = legalApi();
    const page = await ensureLegalPage(new QueryClient(), api, 'terms', '1');
    expect(page.document.version).toBe(1);
    expect(page.current.version).toBe(2);
  });

  it('is the 404 page for an unknown or malformed version', async () => {
    const { api, seen } = legalApi();
    expect(isNotFound(await failureOf(ensureLegalPage(new QueryClient(), api, 'terms', '9')))).toBe(
      true,
    );
    const before = seen.length;
    expect(isNotFound(await failureOf(ensureLegalPage(new QueryClient(), api, 'terms', 'x')))).toBe(
      true,
    );
    expect(seen.length).toBe(before);
  });
});

describe('LEGAL_PAGES', () => {
  it('gives every kind of legal document a page, the Cookie Policy the privacy policy cites too', () => {
    expect(LEGAL_PAGES['/cookie-policy']).toBe('cookies');
    expect(Object.values(LEGAL_PAGES).sort()).toEqual([
      'cookies',
      'offer',
      'privacy',
      'safety_rules',
      'terms',
    ]);
  });

  it('loads the Cookie Policy for /cookie-policy', async () => {
    const { api, seen } = legalApi();
    await ensureLegalPage(new QueryClient(), api, LEGAL_PAGES['/cookie-policy'], '');
    expect(seen.map((params) => Object.fromEntries(params))).toEqual([{ kind: 'cookies' }]);
  });
});

describe('legal page addresses and heads', () => {
  it('gives the version in force the page address and other versions their own', () => {
    expect(legalVersionPath('/privacy', 2, 2)).toBe('/privacy');
    expect(legalVersionPath('/privacy', 1, 2)).toBe('/privacy/1');
  });

  it('names an earlier version in the title and points its canonical at itself', () => {
    expect(legalHeadData('/agreement', { document: doc(1), current: doc(2) })).toEqual({
      title: 'Terms of Use, version 1',
      description:
        'Version 1 of the Gallop Terms of Use, effective from 1 October 2024. Version 2 is in force now.',
      canonical: '/agreement/1',
    });
    expect(legalHeadData('/agreement', { document: doc(2), current: doc(2) }).canonical).toBe(
      '/agreement',
    );
  });
});
