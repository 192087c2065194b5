import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { formatContentDate } from '../../../../components/rich-text/content-date';
import { richTextOutline } from '../../../../components/rich-text/parse-rich-text';
import { RichText } from '../../../../components/rich-text/rich-text';
import { useApi } from '../../../../lib/api';
import { legalVersionSplat } from '../../addresses';
import { LEGAL_PAGES, type LegalPath } from '../../../../lib/legal-pages';
import { legalDocumentQueryOptions, type LegalDocument } from '../../api';
import './legal-page.css';

/** Links to a parent address (`/blog` from `/blog/gear`) are not the current page. */
const EXACT = { exact: true } as const;

export interface LegalPageProps {
  path: LegalPath;
  /** The version in the address; none for the version in force. */
  version: number | undefined;
}

/** A legal document page (`/agreement`, `/privacy`...), from the queries the loader filled. */
export function LegalPage({ path, version }: LegalPageProps) {
  const api = useApi();
  const kind = LEGAL_PAGES[path];
  const { data: current } = useSuspenseQuery(legalDocumentQueryOptions(api, kind));
  const { data: document } = useSuspenseQuery(legalDocumentQueryOptions(api, kind, version));
  return <LegalPageView path={path} document={document} current={current} />;
}

type VersionEntry = NonNullable<LegalDocument['versions']>[number];

/** How a version stands against the one in force, in words. */
export function versionStatus(
  entry: VersionEntry,
  current: LegalDocument,
  versions: readonly VersionEntry[],
): string {
  const date = formatContentDate(entry.effective_from);
  if (entry.version === current.version) return `In force since ${date}`;
  if (entry.version > current.version) return `Takes effect on ${date}`;
  // Versions come newest first: the one just before this in the list replaced it.
  const index = versions.findIndex((item) => item.version === entry.version);
  const next = versions[index - 1];
  return next
    ? `Applied from ${date} to ${formatContentDate(dayBefore(next.effective_from))}`
    : `Applied from ${date}`;
}

function dayBefore(isoDate: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}

export interface LegalPageViewProps {
  path: LegalPath;
  document: LegalDocument;
  current: LegalDocument;
}

export function LegalPageView({ path, document, current }: LegalPageViewProps) {
  const versions = document.versions?.length
    ? document.versions
    : [{ version: document.version, effective_from: document.effective_from }];
  const entry = { version: document.version, effective_from: document.effective_from };
  const isCurrent = document.version === current.version;
  const outline = richTextOutline(document.body).filter((heading) => heading.level === 2);
  return (
    <article className="legal-page page-container">
      <header className="legal-page__header">
        <p className="legal-page__eyebrow">Legal</p>
        <h1 className="display-heading legal-page__title">{document.title}</h1>
        <p className="legal-page__meta">
          <span className="legal-page__version">Version {document.version}</span>
          <span>{versionStatus(entry, current, versions)}</span>
        </p>
        {!isCurrent && (
          <p className="legal-page__notice" role="note">
            {document.version < current.version
              ? 'This is an earlier version, kept for reference. '
              : 'This version is not in force yet. '}
            <Link to={`${path}/$`} params={{ _splat: '' }} activeOptions={EXACT}>
              Read the version in force (version {current.version})
            </Link>
          </p>
        )}
      </header>
      <div className="legal-page__layout">
        <RichText html={document.body} className="legal-page__text" />
        <aside className="legal-page__aside" aria-label="About this document">
          {outline.length > 1 && (
            <nav className="legal-page__box legal-page__outline" aria-label="On this page">
              <h2 className="legal-page__box-title">On this page</h2>
              <ol>
                {outline.map((heading) => (
                  <li key={heading.id}>
                    <a href={`#${heading.id}`}>{heading.text}</a>
                  </li>
                ))}
              </ol>
            </nav>
          )}
          {versions.length > 1 && (
            <nav className="legal-page__box" aria-label="Versions">
              <h2 className="legal-page__box-title">Versions</h2>
              <ul className="legal-page__versions">
                {versions.map((item) => {
                  const here = item.version === document.version;
                  return (
                    <li key={item.version}>
                      <Link
                        to={`${path}/$`}
                        params={{ _splat: legalVersionSplat(item.version, current.version) }}
                        activeOptions={EXACT}
                        className="legal-page__version-link"
                        aria-current={here ? 'page' : undefined}
                      >
                        <strong>Version {item.version}</strong>
                        <span>{versionStatus(item, current, versions)}</span>
                      </Link>
                    </li>
                  );
                })}
              </ul>
            </nav>
          )}
        </aside>
      </div>
    </article>
  );
}
