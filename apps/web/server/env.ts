import { z } from 'zod';
import { DEFAULT_BOOKING_BASE } from '../src/lib/booking-base';
import { bookingBaseProblem } from './booking-base';
import { trustProxies } from './proxy';
import { runtimeUrlProblem } from '../src/lib/runtime-config';
import { DEFAULT_ORGANIZER_URL, type SiteConfig } from '../src/lib/site';

const httpUrl = z.url({ protocol: /^https?$/ });

/** Why `value` is not a bare https origin (a CSP source), if it is not. */
function originProblem(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'must be an origin such as https://tiles.example.com';
  }
  if (url.protocol !== 'https:') return 'must start with https://';
  if (url.origin !== value) return 'must be an origin, without a path or query';
  return undefined;
}

/** A feature flag: `on` / `off` (also true/false, 1/0); off by default. */
const flag = z
  .enum(['on', 'off', 'true', 'false', '1', '0'])
  .default('off')
  .transform((value) => value === 'on' || value === 'true' || value === '1');

/** A browser runtime URL (src/lib/runtime-config.ts), checked the way the page checks it. */
const runtimeUrl = (kind: 'api' | 'socket') =>
  z
    .string()
    .superRefine((value, context) => {
      const problem = runtimeUrlProblem(value, kind);
      if (problem) context.addIssue({ code: 'custom', message: `must be ${problem}` });
    })
    .optional();

/** The web server's configuration, validated once at start (architecture.md, "Defaults"). */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  /** The marketplace API that `/spa`, `/crm`, `/node-api`, `/media` and `/socket.io` go to. */
  API_URL: httpUrl.default('http://127.0.0.1:4000'),
  /** The public address of this site, when it differs from the listening address (proxy, TLS). */
  PUBLIC_URL: httpUrl.optional(),
  /**
   * Proxies in front of this server (a TLS terminator, a CDN), comma-separated addresses or CIDR
   * ranges: from them, the visitor's address is taken from X-Forwarded-For. Unset: the socket's
   * peer is the visitor, and any X-Forwarded-For it sends is dropped (docs/security.md).
   */
  TRUSTED_PROXIES: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean),
    )
    .superRefine((entries, context) => {
      try {
        trustProxies(entries);
      } catch (error) {
        context.addIssue({ code: 'custom', message: (error as Error).message });
      }
    }),
  /**
   * A header a trusted edge (a CDN) sets with the visitor's ISO country, e.g. `CF-IPCountry`: the
   * API's setting of the same name. The server's render passes it on to the API, so the first
   * HTML is in the visitor's units and currency (decision 145); the page cache keys on it.
   */
  COUNTRY_IP_HEADER: z
    .string()
    .regex(/^[A-Za-z0-9-]+$/, 'must be a header name')
    .transform((value) => value.toLowerCase())
    .optional(),
  GALLOP_ORGANIZER_URL: httpUrl.default(DEFAULT_ORGANIZER_URL),
  /**
   * How long a rendered page is reused for identical requests (same address, cookies, language),
   * in milliseconds; 0 renders every request. See server/page-cache.ts.
   */
  PAGE_CACHE_TTL_MS: z.coerce.number().int().min(0).max(600_000).default(5000),
  /** Google Analytics measurement id; loaded only after the visitor accepts cookies. */
  GALLOP_ANALYTICS_ID: z
    .string()
    .regex(/^[A-Z]{1,3}-[A-Z0-9-]{4,20}$/, 'a measurement id such as G-XXXXXXX')
    .optional(),
  /**
   * `{base}` of the booking pages (docs/product.md, Routes): `/trips/12` instead of `/booking/12`.
   */
  BOOKING_BASE_PATH: z
    .string()
    .default(DEFAULT_BOOKING_BASE)
    .superRefine((value, context) => {
      const problem = bookingBaseProblem(value);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    }),
  /**
   * Where the browser sends API calls, when not to this site's own origin (which forwards them):
   * an http(s) URL, optionally with a path prefix. Must reach the web tier's session handling
   * (docs/decisions/102-runtime-config-and-tour-selections.md).
   */
  PUBLIC_API_URL: runtimeUrl('api'),
  /** Origin of the chat's Socket.IO server for the browser, when not this site's own. */
  PUBLIC_SOCKET_URL: runtimeUrl('socket'),
  /**
   * The origins a map tile provider (the site tokens' `maps_provider`, decision 121) loads its
   * style, tiles, glyphs and sprites from, comma-separated (`https://tiles.example.com`): the
   * pages' CSP lets maps connect to them. Unset: the built-in offline map, which needs none.
   */
  MAP_TILE_ORIGINS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((entry) => entry.trim().replace(/\/$/, ''))
        .filter(Boolean),
    )
    .superRefine((entries, context) => {
      for (const entry of entries) {
        const problem = originProblem(entry);
        if (problem) context.addIssue({ code: 'custom', message: `${entry}: ${problem}` });
      }
    }),
  /**
   * Support's phone and e-mail for the 503 page when the API has not answered since this server
   * started (it then has no site contacts to show); the API's contacts win once it answers.
   */
  SUPPORT_PHONE: z
    .string()
    .regex(/^\+\d[\d ()-]{7,20}$/, 'must be an international number such as +1 415 555 0100')
    .optional(),
  SUPPORT_EMAIL: z.email().optional(),
  /** The QR payment pages `{base}/qr/{id}` and `{base}/qr/uuid/{uuid}`. */
  FEATURE_QR_PAYMENT: flag,
  /** The arrival page `/arrival/{uuid}`. */
  FEATURE_ARRIVAL: flag,
});

export type Env = z.infer<typeof envSchema>;

/** Parses the environment or exits with a readable list of what is wrong. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  // An empty variable means "not set", as in most .env tooling.
  const defined = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(defined);
  if (parsed.success) return parsed.data;
  console.error(`Invalid environment for @gallop/web:\n${z.prettifyError(parsed.error)}`);
  process.exit(1);
}

/** What the pages need to know of the environment (sent to the browser: nothing secret). */
export function siteConfigFromEnv(env: Env): SiteConfig {
  return {
    organizerUrl: env.GALLOP_ORGANIZER_URL,
    publicUrl: env.PUBLIC_URL,
    analyticsId: env.GALLOP_ANALYTICS_ID,
    bookingBasePath: env.BOOKING_BASE_PATH,
    features: { qrPayment: env.FEATURE_QR_PAYMENT, arrival: env.FEATURE_ARRIVAL },
    ...(env.SUPPORT_PHONE || env.SUPPORT_EMAIL
      ? { supportContacts: { phone: env.SUPPORT_PHONE, email: env.SUPPORT_EMAIL } }
      : {}),
    ...(env.PUBLIC_API_URL || env.PUBLIC_SOCKET_URL
      ? {
          runtime: {
            ...(env.PUBLIC_API_URL ? { apiBaseUrl: env.PUBLIC_API_URL } : {}),
            ...(env.PUBLIC_SOCKET_URL ? { socketUrl: env.PUBLIC_SOCKET_URL } : {}),
          },
        }
      : {}),
  };
}
