/**
 * The API's signing secrets (decision 061).
 *
 * - **Internal** secrets are signed and checked by this API alone: the unfollow links of the
 *   follower e-mails (FOLLOWER_SECRET) and the sandbox payment provider's page links and callbacks
 *   (PAYMENT_SANDBOX_SECRET), the organizer's Confirm and Decline links (BOOKING_LINK_SECRET)
 *   and the captcha challenges (CAPTCHA_HMAC_KEY, decision 094).
 *   Unset, each is a random value generated the first time a database
 *   is used and stored in it (`server_secrets`), so every API process sharing the database signs
 *   alike and a restart keeps links valid. There is no development constant.
 * - **Shared** secrets are held by another service too: the call service (CALL_SECRET) and the
 *   identity-verification service (VERIFICATION_SECRET). A generated value would be useless to
 *   that service, so unset they fall back to a development constant, except with
 *   NODE_ENV=production, where the feature is off (undefined here) and a warning says so.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '#src/db/client.ts';
import { serverSecrets } from '#src/db/schema/index.ts';
import type { Env } from '#src/env.ts';

/** Each internal secret: its variable, and its row in `server_secrets` when the variable is unset. */
const INTERNAL_SECRETS = {
  follower: { variable: 'FOLLOWER_SECRET', row: 'follower' },
  paymentSandbox: { variable: 'PAYMENT_SANDBOX_SECRET', row: 'payment-sandbox' },
  bookingLinks: { variable: 'BOOKING_LINK_SECRET', row: 'booking-links' },
  captcha: { variable: 'CAPTCHA_HMAC_KEY', row: 'captcha-hmac' },
} as const satisfies Record<string, { variable: keyof Env; row: string }>;

export type InternalSecrets = Record<keyof typeof INTERNAL_SECRETS, string>;

/**
 * The secret stored under `name`, generated (256 random bits) by whichever process asks first.
 * `on conflict do nothing` and then reading the row: processes racing on a new database all end
 * up with the one row that won.
 */
export async function storedSecret(db: Database, name: string): Promise<string> {
  await db
    .insert(serverSecrets)
    .values({ name, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing({ target: serverSecrets.name });
  const [row] = await db
    .select({ value: serverSecrets.value })
    .from(serverSecrets)
    .where(eq(serverSecrets.name, name));
  if (!row) throw new Error(`server secret ${name} was neither stored nor found`);
  return row.value;
}

/** The internal secrets: each configured variable, else the database's generated one. */
export async function resolveInternalSecrets(
  db: Database,
  env: Pick<Env, (typeof INTERNAL_SECRETS)[keyof typeof INTERNAL_SECRETS]['variable']>,
): Promise<InternalSecrets> {
  const entries = await Promise.all(
    Object.entries(INTERNAL_SECRETS).map(
      async ([key, { variable, row }]) =>
        [key, env[variable] ?? (await storedSecret(db, row))] as const,
    ),
  );
  return Object.fromEntries(entries) as InternalSecrets;
}

/**
 * The internal secrets as the app's parts take them: read when used, after `resolve()` (the
 * app's `onReady`) has run; before that reading one throws, so nothing signs with a stand-in.
 */
export function internalSecretsAtStart(
  db: Database,
  env: Parameters<typeof resolveInternalSecrets>[1],
) {
  let resolved: InternalSecrets | undefined;
  const read = (key: keyof InternalSecrets) => () => {
    if (!resolved) throw new Error(`the ${key} secret is read before the app is ready`);
    return resolved[key];
  };
  return {
    async resolve(): Promise<void> {
      resolved ??= await resolveInternalSecrets(db, env);
    },
    follower: read('follower'),
    paymentSandbox: read('paymentSandbox'),
    bookingLinks: read('bookingLinks'),
    captcha: read('captcha'),
  };
}

/** Development only: the call service of a development machine accepts these tokens. */
export const DEV_CALL_SECRET = 'gallop-web-call-development-secret';
/** Development only: the verification service of a development machine accepts these tokens. */
export const DEV_VERIFICATION_SECRET = 'gallop-verification-development-secret';

const SHARED_SECRETS = {
  call: {
    variable: 'CALL_SECRET',
    development: DEV_CALL_SECRET,
    off: 'web calls are off (web-call-data answers enabled: false)',
  },
  verification: {
    variable: 'VERIFICATION_SECRET',
    development: DEV_VERIFICATION_SECRET,
    off: 'identity verification is off (no access tokens, no service url)',
  },
} as const satisfies Record<string, { variable: keyof Env; development: string; off: string }>;

export type SharedSecrets = Record<keyof typeof SHARED_SECRETS, string | undefined>;

/**
 * A secret another service holds too (a call service, a messenger bot): the configured one, else
 * `development` outside production; undefined (the feature is off) in production.
 */
export function sharedSecret(
  configured: string | undefined,
  development: string,
  production: boolean,
): string | undefined {
  return configured ?? (production ? undefined : development);
}

/**
 * The shared secrets: each configured variable, else its development constant outside
 * production. With NODE_ENV=production an unset one is undefined (its feature refuses to sign)
 * and `log` gets one warning naming the variable and what does not work.
 */
export function resolveSharedSecrets(
  env: Pick<Env, 'NODE_ENV' | (typeof SHARED_SECRETS)[keyof typeof SHARED_SECRETS]['variable']>,
  log?: Pick<FastifyBaseLogger, 'warn'>,
): SharedSecrets {
  const production = env.NODE_ENV === 'production';
  const entries = Object.entries(SHARED_SECRETS).map(([key, secret]) => {
    const value = sharedSecret(env[secret.variable], secret.development, production);
    if (value !== undefined) return [key, value] as const;
    log?.warn(
      { variable: secret.variable },
      `${secret.variable} is not set: ${secret.off}. Set it to the secret the service holds (16+ characters).`,
    );
    return [key, undefined] as const;
  });
  return Object.fromEntries(entries) as SharedSecrets;
}
