import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { mainPhone, telHref } from '../../../../lib/contacts';
import { useSiteInfo } from '../../../../lib/site-info';
import type { HelpSection } from '../../api';
import './help-center-layout.css';

/** Links to a parent address (`/blog` from `/blog/gear`) are not the current page. */
const EXACT = { exact: true } as const;

export interface HelpCenterLayoutProps {
  sections: readonly HelpSection[];
  /** The section shown, or the section of the article shown: its articles are listed. */
  sectionSlug: string;
  articleSlug?: string | undefined;
  children: ReactNode;
}

/** Sections and, under the open one, its articles. */
function HelpTopics({
  sections,
  sectionSlug,
  articleSlug,
}: Omit<HelpCenterLayoutProps, 'children'>) {
  return (
    <ul className="help-topics">
      {sections.map((section) => {
        const open = section.slug === sectionSlug;
        return (
          <li
            key={section.id}
            className={open ? 'help-topics__section is-open' : 'help-topics__section'}
          >
            <Link
              to="/help-center/$"
              params={{ _splat: section.slug }}
              className="help-topics__section-link"
              aria-current={open && !articleSlug ? 'page' : undefined}
            >
              {section.title}
            </Link>
            {open && (section.articles?.length ?? 0) > 0 ? (
              <ul className="help-topics__articles">
                {section.articles?.map((article) => (
                  <li key={article.id}>
                    <Link
                      to="/help-center/$"
                      params={{ _splat: article.slug }}
                      className="help-topics__article-link"
                      aria-current={article.slug === articleSlug ? 'page' : undefined}
                    >
                      {article.title}
                    </Link>
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

/** Support contacts under every answer: the help center's way out when an answer falls short. */
function StillNeedHelp() {
  const info = useSiteInfo();
  const phone = mainPhone(info?.contacts);
  const email = info?.contacts?.email;
  return (
    <aside className="help-contact" aria-labelledby="help-contact-heading">
      <h2 id="help-contact-heading" className="help-contact__title">
        Still need help?
      </h2>
      <p className="help-contact__text">
        Our support team answers every message, usually within a few hours.
      </p>
      {phone || email ? (
        <p className="help-contact__links">
          {email ? <a href={`mailto:${email}`}>{email}</a> : null}
          {phone ? <a href={telHref(phone)}>{phone}</a> : null}
        </p>
      ) : null}
    </aside>
  );
}

/**
 * A section or article page of the help center: the topics beside the text on wide screens,
 * folded into a disclosure after it on phones.
 */
export function HelpCenterLayout({ children, ...topics }: HelpCenterLayoutProps) {
  return (
    <div className="help-center-layout page-container">
      <nav className="help-center-layout__sidebar" aria-label="Help topics">
        <p className="help-center-layout__sidebar-title">
          <Link to="/help-center/$" params={{ _splat: '' }} activeOptions={EXACT}>
            Help center
          </Link>
        </p>
        <HelpTopics {...topics} />
      </nav>
      <div className="help-center-layout__main">
        {children}
        <details className="help-center-layout__topics">
          <summary>Browse all help topics</summary>
          <nav aria-label="Help topics">
            <HelpTopics {...topics} />
          </nav>
        </details>
        <StillNeedHelp />
      </div>
    </div>
  );
}
