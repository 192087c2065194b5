import type { LegalPath } from '../../lib/legal-pages';

/*
 * The addresses of a legal document's versions. A module of its own: the route heads need them
 * in the first load, the documents' queries (`./api.ts`) only with the page.
 */

/** The `{version*}` part of a version's address: none for the version in force. */
export function legalVersionSplat(version: number, currentVersion: number): string {
  return version === currentVersion ? '' : String(version);
}

/** The address of a version: the page itself for the version in force, else `/{page}/{version}`. */
export function legalVersionPath(path: LegalPath, version: number, currentVersion: number): string {
  const splat = legalVersionSplat(version, currentVersion);
  return splat ? `${path}/${splat}` : path;
}
