import type { RuntimeConfigSettings } from './runtime-config';

/** The product name used in titles and the header (spec: site config `projectName`). */
export const PROJECT_NAME = 'Gallop';

/** Document title in the spec's form '{page title} | {project name}'. */
export function pageTitle(title: string): string {
  return `${title} | ${PROJECT_NAME}`;
}

/** Per-deployment settings the server reads from its environment and hands to the browser. */
export interface SiteConfig {
  /** The external organizer back office ({host} in the spec). */
  organizerUrl: string;
  /**
   * The public origin (`PUBLIC_URL`), for canonical links and share images. Without it they stay
   * site-relative: an origin taken from the request's Host header could be spoofed.
   */
  publicUrl?: string | undefined;
  /** Production: the build this page belongs to; the shell checks it against the server's. */
  buildId?: string | undefined;
  /** Google Analytics measurement id (`GALLOP_ANALYTICS_ID`); unset means no analytics. */
  analyticsId?: string | undefined;
  /** `{base}` of the booking pages (`BOOKING_BASE_PATH`, src/lib/booking-base.ts); `booking` if unset. */
  bookingBasePath?: string | undefined;
  /** Pages behind runtime flags (docs/product.md, Routes); off when unset. */
  features?: SiteFeatures | undefined;
  /**
   * Support's phone and e-mail from the web server's environment (`SUPPORT_PHONE`,
   * `SUPPORT_EMAIL`): the 503 page's buttons while the API's contacts are unknown.
   */
  supportContacts?: { phone?: string | undefined; email?: string | undefined } | undefined;
  /**
   * The browser's API base and chat socket URL (`PUBLIC_API_URL`, `PUBLIC_SOCKET_URL`); each
   * unset one is the page's origin (src/lib/runtime-config.ts).
   */
  runtime?: RuntimeConfigSettings | undefined;
}

/** Runtime feature flags (`FEATURE_QR_PAYMENT`, `FEATURE_ARRIVAL`). */
export interface SiteFeatures {
  /** `{base}/qr/{id}` and `{base}/qr/uuid/{uuid}`: paying by a fast-payment QR code. */
  qrPayment?: boolean | undefined;
  /** `/arrival/{uuid}`: the traveller's arrival and departure details. */
  arrival?: boolean | undefined;
}

export const DEFAULT_ORGANIZER_URL = 'https://partners.gallop.example';

export const defaultSiteConfig: SiteConfig = { organizerUrl: DEFAULT_ORGANIZER_URL };

/** Register and login pages of the organizer back office. */
export function organizerLinks(organizerUrl: string): { register: string; login: string } {
  const base = organizerUrl.endsWith('/') ? organizerUrl : `${organizerUrl}/`;
  return {
    register: new URL('register', base).href,
    login: new URL('login', base).href,
  };
}

/** A site path as an absolute URL when the public origin is known, else the path itself. */
export function siteUrl(path: string, publicUrl: string | undefined): string {
  if (!publicUrl || /^[a-z][a-z\d+.-]*:/i.test(path)) return path;
  return new URL(path, publicUrl.endsWith('/') ? publicUrl : `${publicUrl}/`).href;
}
