import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../../../lib/api';
import { mainPhone, telHref } from '../../../../lib/contacts';
import { PROJECT_NAME } from '../../../../lib/site';
import { useSiteInfo } from '../../../../lib/site-info';
import { useLinkablePage } from '../../../../lib/legal-pages';
import { keepShortHyphenatedWhole } from '../../../../lib/line-breaks';
import { socialLinksQueryOptions } from '../../api';
import { MailIcon, PhoneIcon } from './contact-icons';
import './site-footer.css';

const FOOTER_COLUMNS = [
  {
    title: 'Travel',
    links: [
      { href: '/destinations', label: 'Destinations' },
      { href: '/collections', label: 'Collections' },
      { href: '/tour-providers', label: 'Tour providers' },
      { href: '/favorites', label: 'Favourites' },
      { href: '/rider-passport', label: 'Rider passport' },
    ],
  },
  {
    title: 'Gallop',
    links: [
      { href: '/about', label: 'About us' },
      { href: '/join', label: 'Join as a provider' },
      { href: '/blog', label: 'Blog' },
      { href: '/contacts', label: 'Contacts' },
    ],
  },
  {
    title: 'Help',
    links: [
      { href: '/help-center', label: 'Help center' },
      { href: '/agreement', label: 'Terms of use' },
      { href: '/privacy', label: 'Privacy policy' },
      { href: '/cookie-policy', label: 'Cookie policy' },
      { href: '/safety-rules', label: 'Safety rules' },
      { href: '/tour-provider-agreement', label: 'Provider agreement' },
      { href: '/sitemap', label: 'Sitemap' },
    ],
  },
] as const;

/**
 * Contacts, sections, legal documents and social links; contacts, socials and which legal
 * documents are published come from the API.
 */
export function SiteFooter() {
  const api = useApi();
  const info = useSiteInfo();
  const linkable = useLinkablePage();
  // `useQuery`: optional links; the footer shows without them.
  const socials = useQuery({ ...socialLinksQueryOptions(api), retry: false }).data?.items ?? [];
  const phone = mainPhone(info?.contacts);
  const email = info?.contacts?.email;
  return (
    <footer className="site-footer">
      <div className="page-container site-footer__grid">
        <div className="site-footer__about">
          <p className="site-footer__brand">{PROJECT_NAME}</p>
          <p className="site-footer__tagline">
            Multi-day horseback tours, excursions and cruises with vetted local providers.
          </p>
          {phone || email ? (
            <ul className="site-footer__contacts" aria-label="Support contacts">
              {phone ? (
                <li>
                  <a href={telHref(phone)}>
                    <PhoneIcon />
                    {phone}
                  </a>
                </li>
              ) : null}
              {email ? (
                <li>
                  <a href={`mailto:${email}`}>
                    <MailIcon />
                    {email}
                  </a>
                </li>
              ) : null}
            </ul>
          ) : null}
        </div>
        {FOOTER_COLUMNS.map((column) => (
          <nav key={column.title} className="site-footer__column" aria-label={column.title}>
            <h2 className="site-footer__heading">{column.title}</h2>
            <ul>
              {column.links
                .filter((link) => linkable(link.href))
                .map((link) => (
                  <li key={link.href}>
                    <a href={link.href}>{link.label}</a>
                  </li>
                ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="page-container site-footer__bottom">
        <p>
          {keepShortHyphenatedWhole(
            `© ${PROJECT_NAME}. Card payments are secured by 3-D Secure; no card data is stored.`,
          )}
        </p>
        {socials.length > 0 ? (
          <ul className="site-footer__socials" aria-label="Gallop on social networks">
            {socials.map((social) => (
              <li key={social.source}>
                <a href={social.url} rel="noopener noreferrer" target="_blank">
                  {social.title}
                </a>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </footer>
  );
}
