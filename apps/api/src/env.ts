import { isIP } from 'node:net';
import { z } from 'zod';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const port = z
  .string()
  .regex(/^\d{1,5}$/, 'must be a whole number from 0 to 65535')
  .transform(Number)
  .pipe(z.number().max(65535, 'must be a whole number from 0 to 65535'));

/**
 * A whole number of at most `digits` digits, at least `min` and (when given) at most `max`: the
 * limits and counts below share these checks and their messages.
 */
function wholeNumber(digits: number, min: number, max?: number) {
  const atLeast = z.number().min(min, `must be at least ${min}`);
  return z
    .string()
    .regex(new RegExp(`^\\d{1,${digits}}$`), 'must be a whole number')
    .transform(Number)
    .pipe(max === undefined ? atLeast : atLeast.max(max, `must be at most ${max}`));
}

/** smtp://host or smtps://host, with optional user:password, port and options. */
function isSmtpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'smtp:' || url.protocol === 'smtps:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * postgres:// or postgresql://, the schemes node-postgres connects with: another database's URL
 * (mysql://, a typo) is refused here, not at the first query. The host may be empty: a Unix
 * socket named by `?host=/run/postgresql`.
 */
function isPostgresUrl(value: string): boolean {
  try {
    const { protocol } = new URL(value);
    return protocol === 'postgres:' || protocol === 'postgresql:';
  } catch {
    return false;
  }
}

const HOST_LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
const HOST_NAME = new RegExp(`^${HOST_LABEL}(?:\\.${HOST_LABEL})*$`);

/** An IP address or a host name (`localhost`, `metrics.internal`): what a listener binds to. */
function isListenHost(value: string): boolean {
  return isIP(value) !== 0 || HOST_NAME.test(value);
}

/** proxy-addr's names for address ranges, accepted beside addresses and CIDRs. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function proxyList(value: string): string[] {
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/** `10.0.0.5`, `::1`, `10.0.0.0/8`, `fd00::/8` or one of PROXY_RANGE_NAMES. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
}

/** The environment the API reads at start; every variable is documented in README.md. */
const envSchema = z.object({
  PORT: port.default(4000),
  HOST: z.string().min(1).default('127.0.0.1'),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  // Compared with the browser's `Origin` header, so keep only scheme, host and port.
  WEB_ORIGIN: z
    .url()
    .transform((value) => new URL(value).origin)
    .default('http://127.0.0.1:3000'),
  // The public web address, for absolute URLs (sitemap, canonical links); default WEB_ORIGIN.
  PUBLIC_URL: z.url().optional(),
  // A header set by a trusted edge (e.g. CF-IPCountry) with the visitor's ISO country.
  COUNTRY_IP_HEADER: z
    .string()
    .regex(/^[A-Za-z0-9-]+$/, 'must be a header name')
    .transform((value) => value.toLowerCase())
    .optional(),
  // The country assumed when nothing says otherwise (decisions: US).
  DEFAULT_COUNTRY: z
    .string()
    .regex(/^[A-Za-z]{2}$/, 'must be a two-letter ISO country code')
    .transform((value) => value.toUpperCase())
    .default('US'),
  // Hours a confirmed booking holds its seats without a payment (decision 025).
  BOOKING_HOLD_HOURS: wholeNumber(4, 1, 720).default(72),
  // Hours an organizer has to confirm or decline a request on a date it has not guaranteed;
  // unanswered, the request is released (decisions: "Booking lifecycle", decision 090).
  RESPONSE_DEADLINE_HOURS: wholeNumber(4, 1, 720).default(48),
  // Signs the organizer's one-click Confirm and Decline links in booking e-mails. Only this API
  // signs and checks them: unset, a random secret generated once per database (decision 061).
  BOOKING_LINK_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  // Signs the sandbox payment provider's callbacks and hosted-page links. Only this API signs and
  // checks them: unset, a random secret generated once per database (decision 061).
  PAYMENT_SANDBOX_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  DATABASE_URL: z
    .string()
    .refine(isPostgresUrl, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  // Without DATABASE_URL: the embedded PGlite folder (default apps/api/.data/pglite), or
  // `memory://` for a throwaway database.
  PGLITE_DIR: z.string().min(1).optional(),
  // Rendered pictures and landing videos (default apps/api/.data/media-cache).
  MEDIA_CACHE_DIR: z.string().min(1).optional(),
  // Uploaded files, stored by their SHA-256 (default apps/api/.data/uploads).
  UPLOADS_DIR: z.string().min(1).optional(),
  // Uploads one user (or, signed out, one address) may make per hour before the API asks for a
  // captcha (429).
  UPLOAD_LIMIT: wholeNumber(7, 1).default(60),
  // The shared response cache of the catalogue reads (with the in-process one in front).
  REDIS_URL: z.url().optional(),
  // `off` answers every catalogue read from the database (benchmarks of the uncached search).
  CATALOG_CACHE: z.enum(['on', 'off']).default('on'),
  // Searches (results, catalogue pages, search-box suggestions, city search) per visitor address
  // and minute before the API asks for a captcha (429). Paging, filtering and typing stay far
  // below it; a scraper walking the catalogue does not.
  SEARCH_LIMIT: wholeNumber(7, 1).default(300),
  // Calls anyone may make that write (complaints, programme orders, help requests): how many per
  // visitor address and call in 15 minutes before the API asks for a captcha (429).
  PUBLIC_WRITE_LIMIT: wholeNumber(7, 1).default(10),
  // The percent of a date's seats (and non-rider beds) that bookings made signed out may hold
  // together while their e-mail is unproven; never less than one guest party (6 seats). 100 lets
  // guests hold a whole date (load and crash tests).
  GUEST_DATE_SHARE: wholeNumber(3, 1, 100).default(50),
  // Sign-in attempts and one-time codes per visitor address and login in 15 minutes before the
  // API asks for a captcha (429).
  AUTH_LIMIT: wholeNumber(7, 1).default(10),
  // Failed password sign-ins per login, from all addresses together, in 15 minutes before the API
  // asks for a captcha (429) on that login.
  AUTH_ACCOUNT_LIMIT: wholeNumber(7, 1).default(20),
  // Failed password sign-ins from one visitor address, whatever logins they name, in 15 minutes
  // before the API asks that address for a captcha (429): credential stuffing from one address.
  AUTH_ADDRESS_LIMIT: wholeNumber(7, 1).default(100),
  // The proxies whose X-Forwarded-For the API believes (comma-separated addresses or CIDRs): the
  // web server on the same machine by default. The visitor's address, which the limits above
  // count, is the last one in the chain that is not one of these; from any other peer the header
  // is ignored.
  TRUSTED_PROXIES: z
    .string()
    .transform(proxyList)
    .refine(
      (entries) => entries.length > 0 && entries.every(isProxyAddress),
      'must be comma-separated IP addresses or CIDR ranges, e.g. 127.0.0.1,::1,10.0.0.0/8',
    )
    .default(['127.0.0.1', '::1']),
  // Chat messages one user may send per minute before the API asks for a captcha (429).
  CHAT_SEND_LIMIT: wholeNumber(7, 1).default(30),
  // New phone codes (calls to organizers, about chats) one caller may get in 15 minutes before
  // the API asks for a captcha (429).
  PHONE_CODE_LIMIT: wholeNumber(7, 1).default(10),
  // Signs the web call widget's tokens; the call service holds it too. Unset: a development
  // constant, except with NODE_ENV=production, where web calls are off (decision 061).
  CALL_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  // The external identity-verification service organizers are sent to (optional: without it
  // verification-data has no url) and the secret its access tokens are signed with (the service
  // holds it too; unset: a development constant, except with NODE_ENV=production, where
  // verification is off, decision 061).
  VERIFICATION_SERVICE_URL: z.url().optional(),
  VERIFICATION_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  // Signs the unfollow links of the e-mails to a tour's followers (decision 058). Unset: a random
  // secret generated once per database (decision 061). The links never expire: changing it
  // breaks the links of e-mails already sent.
  FOLLOWER_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  // Signs the captcha challenges (ALTCHA) the API hands out after a 429 and checks their
  // solutions (decision 094). Unset: a random secret generated once per database (decision 061),
  // so every API process (API_WORKERS, several hosts on one PostgreSQL) checks the others'.
  CAPTCHA_HMAC_KEY: z.string().min(16, 'must be at least 16 characters').optional(),
  // The messenger bots' webhooks (decision 059): what Telegram sends in its secret-token header
  // (setWebhook's secret_token) and what a WhatsApp bridge sends in X-Gallop-Bot-Secret. Unset: a
  // development constant, except with NODE_ENV=production, where that webhook is off.
  TELEGRAM_BOT_SECRET: z
    .string()
    .regex(/^[\w-]{16,256}$/, 'must be 16-256 characters: A-Z, a-z, 0-9, _ and -')
    .optional(),
  WHATSAPP_BOT_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  // `production` turns the development defaults of the shared secrets off (bots, calls,
  // verification).
  NODE_ENV: z.string().optional(),
  // `on` lists the queued messages (sign-in codes, links) at GET /dev/outbox. Ignored (with a
  // warning) under NODE_ENV=production: the page and the other /dev routes are never served there.
  DEV_OUTBOX: z.enum(['on', 'off']).optional(),
  // `on` fills an empty database at start with the demo catalogue and the demo accounts (password
  // `gallop-demo-1`); `pnpm start`, `pnpm dev` and the e2e tests set it. `off`: an empty database
  // is only migrated, so a production database never starts with known credentials
  // (docs/security.md).
  DEMO_DATA: z.enum(['on', 'off']).default('off'),
  // How outbox messages leave: `log` sends them with the transports configured below and writes
  // the rest to the log (all of them when none is); `off` keeps them queued (tests).
  OUTBOX_TRANSPORT: z.enum(['log', 'off']).default('log'),
  // Outbox e-mail by SMTP (decision 060): smtp:// (STARTTLS when offered) or smtps:// (TLS), with
  // a percent-encoded user:password when the server wants one. Unset: e-mails go to the log.
  SMTP_URL: z.string().refine(isSmtpUrl, 'must be an smtp:// or smtps:// URL').optional(),
  // The From of outbox e-mails.
  MAIL_FROM: z
    .string()
    .regex(
      /^(?:[^<>@\s]+@[^<>@\s]+|[^<>]*<[^<>@\s]+@[^<>@\s]+>)$/,
      'must be an address, e.g. Gallop <no-reply@gallop.example>',
    )
    .default('Gallop <no-reply@gallop.example>'),
  // The bot that sends `telegram` outbox messages (sendMessage; decision 060), from @BotFather.
  // Unset: they go to the log. TELEGRAM_API_URL: another Bot API address (a proxy, tests).
  TELEGRAM_BOT_TOKEN: z
    .string()
    .regex(/^\d+:[\w-]+$/, 'must be a bot token from @BotFather, like 123456:ABC-DEF')
    .optional(),
  TELEGRAM_API_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  // `off` answers searches (totals, pages, facets) with SQL only, without the in-process index.
  SEARCH_INDEX: z.enum(['on', 'off']).default('on'),
  // Tours whose card parts and texts each API process keeps for its searches (decision 088; unset:
  // the card store's CARD_STORE_MAX_ENTRIES): a tour beyond them is read again when shown.
  CARD_STORE_TOURS: wholeNumber(7, 1_000, 1_000_000).optional(),
  // Processes serving the port (node:cluster, decision 045); above 1 needs DATABASE_URL.
  API_WORKERS: wholeNumber(2, 1, 32).default(1),
  // On SIGTERM, how long `/ready` answers 503 while requests are still served, so a load
  // balancer stops sending before the socket closes (decision 164). Unset: 5000 with
  // NODE_ENV=production, else 0 (a development restart does not wait).
  SHUTDOWN_GRACE_MS: wholeNumber(5, 0, 60_000).optional(),
  // Prometheus metrics at GET /metrics on a listener of their own, never on the public port
  // (decision 170); with API_WORKERS the primary serves them for every worker. Unset: none.
  METRICS_PORT: port.optional(),
  // The address that listener binds to: loopback by default, a private interface for a scraper
  // on another host.
  METRICS_HOST: z
    .string()
    .refine(isListenHost, 'must be an IP address or a host name, e.g. 127.0.0.1')
    .default('127.0.0.1'),
});

export type Env = z.output<typeof envSchema>;

/** `SHUTDOWN_GRACE_MS`, or its default (above). */
export function shutdownGraceMs(env: Pick<Env, 'SHUTDOWN_GRACE_MS' | 'NODE_ENV'>): number {
  return env.SHUTDOWN_GRACE_MS ?? (env.NODE_ENV === 'production' ? 5_000 : 0);
}

// Connection strings may carry passwords: never echo them in error messages.
const SECRET_VARIABLES = new Set([
  'DATABASE_URL',
  'REDIS_URL',
  'PAYMENT_SANDBOX_SECRET',
  'CALL_SECRET',
  'VERIFICATION_SECRET',
  'FOLLOWER_SECRET',
  'CAPTCHA_HMAC_KEY',
  'BOOKING_LINK_SECRET',
  'TELEGRAM_BOT_SECRET',
  'WHATSAPP_BOT_SECRET',
  'SMTP_URL',
  'TELEGRAM_BOT_TOKEN',
]);

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid environment:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

/** Variables valid alone that do not go together. */
function combinationProblems(env: Env, input: Record<string, unknown>): string[] {
  const problems: string[] = [];
  if (env.API_WORKERS > 1 && !env.DATABASE_URL) {
    problems.push(
      `API_WORKERS: above 1 needs DATABASE_URL; the embedded database opens in one process only (got ${env.API_WORKERS})`,
    );
  }
  if (env.METRICS_PORT === undefined && input['METRICS_HOST'] !== undefined) {
    problems.push(
      `METRICS_HOST: needs METRICS_PORT; metrics are served only on a port of their own (got ${JSON.stringify(input['METRICS_HOST'])})`,
    );
  }
  if (env.METRICS_PORT !== undefined && env.METRICS_PORT !== 0 && env.METRICS_PORT === env.PORT) {
    problems.push(
      `METRICS_PORT: must differ from PORT; metrics are never served on the public port (got ${env.METRICS_PORT})`,
    );
  }
  return problems;
}

/**
 * Validates the environment; throws an `EnvError` that lists every bad variable.
 * Empty values count as unset, so `PORT=` falls back to the default.
 */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const input = Object.fromEntries(
    Object.keys(envSchema.shape)
      .map((name) => [name, source[name]] as const)
      .filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = envSchema.safeParse(input);
  if (result.success) {
    const problems = combinationProblems(result.data, input);
    if (problems.length > 0) throw new EnvError(problems);
    return result.data;
  }
  throw new EnvError(
    result.error.issues.map((issue) => {
      const name = issue.path.join('.');
      const got = SECRET_VARIABLES.has(name) ? '' : ` (got ${JSON.stringify(input[name])})`;
      return `${name}: ${issue.message}${got}`;
    }),
  );
}
