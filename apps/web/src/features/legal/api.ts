import type { components, GallopClient } from '@gallop/api-client';
import { getLegalDocumentQueryOptions } from '@gallop/api-client/query';
import type { QueryClient } from '@tanstack/react-query';
import { notFound } from '@tanstack/react-router';
import { orNotFound } from '../../lib/not-found';
import { legalHeadData, type LegalHeadData } from './head';
import { LEGAL_PAGES, type LegalPath } from '../../lib/legal-pages';

export type LegalDocument = components['schemas']['LegalDocument'];
export type LegalKind = LegalDocument['kind'];

/**
 * The version a `/{page}/{version*}` address asks for: none (the version in force) or a positive
 * whole number. Anything else (`/privacy/latest`, `/privacy/2/extra`, `/privacy/02`) is no page.
 */
export function parseLegalVersion(splat: string | undefined): number | undefined | 'invalid' {
  const segment = (splat ?? '').replace(/\/$/, '');
  if (segment === '') return undefined;
  return /^[1-9]\d{0,8}$/.test(segment) ? Number(segment) : 'invalid';
}

/** A legal document: the version in force without `version`. */
export function legalDocumentQueryOptions(
  api: GallopClient<true>,
  kind: LegalKind,
  version?: number | undefined,
) {
  return getLegalDocumentQueryOptions(api, {
    query: version === undefined ? { kind } : { kind, version },
  });
}

/** What a legal page shows: the document asked for and the one in force (the same without a version). */
export interface LegalPageData {
  document: LegalDocument;
  current: LegalDocument;
}

async function ensureDocument(
  queryClient: QueryClient,
  api: GallopClient<true>,
  kind: LegalKind,
  version?: number | undefined,
): Promise<LegalDocument> {
  return orNotFound(queryClient.ensureQueryData(legalDocumentQueryOptions(api, kind, version)));
}

/**
 * Loads a legal page for a loader: the version in force, and the version in the address when it
 * names one (so the page can tell whether it is an old one). An unknown version is the 404 page.
 */
export async function ensureLegalPage(
  queryClient: QueryClient,
  api: GallopClient<true>,
  kind: LegalKind,
  splat: string | undefined,
): Promise<LegalPageData> {
  const version = parseLegalVersion(splat);
  if (version === 'invalid') throw notFound();
  const [current, document] = await Promise.all([
    ensureDocument(queryClient, api, kind),
    version === undefined ? undefined : ensureDocument(queryClient, api, kind, version),
  ]);
  return { current, document: document ?? current };
}

/**
 * A legal route's loader: the documents in the cache, and the head's texts in the loader's data.
 * The route's `head` ships in the first load (`.size-limit.js`); this, with the code writing the
 * texts, in the page's chunk.
 */
export async function loadLegalPage(
  queryClient: QueryClient,
  api: GallopClient<true>,
  path: LegalPath,
  splat: string | undefined,
): Promise<{ head: LegalHeadData }> {
  return {
    head: legalHeadData(path, await ensureLegalPage(queryClient, api, LEGAL_PAGES[path], splat)),
  };
}
