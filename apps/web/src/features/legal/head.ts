import { formatContentDate } from '../../components/rich-text/content-date';
import { legalVersionPath } from './addresses';
import type { LegalPath } from '../../lib/legal-pages';
import type { LegalPageData } from './api';

export interface LegalHeadData {
  title: string;
  description: string;
  /** The page of the version in force for it, `/{page}/{version}` for any other version. */
  canonical: string;
}

export function legalHeadData(
  path: LegalPath,
  { document, current }: LegalPageData,
): LegalHeadData {
  const isCurrent = document.version === current.version;
  const date = formatContentDate(document.effective_from);
  return {
    title: isCurrent ? document.title : `${document.title}, version ${document.version}`,
    description: isCurrent
      ? `The Gallop ${document.title}, version ${document.version}, in force since ${date}.`
      : `Version ${document.version} of the Gallop ${document.title}, effective from ${date}. Version ${current.version} is in force now.`,
    canonical: legalVersionPath(path, document.version, current.version),
  };
}
