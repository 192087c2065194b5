/**
 * Short-lived tokens for services outside the API (the identity-verification service, the web
 * call widget): a base64url JSON payload with `exp` (seconds), then an HMAC-SHA256 of it, the way
 * the sandbox payment provider signs its callbacks. The receiving service holds the same secret.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

const sign = (secret: string, body: string) =>
  createHmac('sha256', secret).update(body).digest('base64url');

/** `payload` plus `iat` and `exp`, signed with `secret`, valid for `ttlMs`. */
export function signServiceToken(
  secret: string,
  payload: Record<string, string | number>,
  ttlMs: number,
  now = Date.now(),
): { token: string; expiresAt: Date } {
  const iat = Math.floor(now / 1000);
  const exp = Math.floor((now + ttlMs) / 1000);
  const body = Buffer.from(JSON.stringify({ ...payload, iat, exp })).toString('base64url');
  return { token: `${body}.${sign(secret, body)}`, expiresAt: new Date(exp * 1000) };
}

/** The payload of a token this secret signed that has not expired, or undefined. */
export function verifyServiceToken(
  secret: string,
  token: string,
  now = Date.now(),
): Record<string, unknown> | undefined {
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined) return undefined;
  const expected = Buffer.from(sign(secret, body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  try {
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Record<
      string,
      unknown
    >;
    return typeof payload['exp'] === 'number' && payload['exp'] * 1000 > now ? payload : undefined;
  } catch {
    return undefined;
  }
}
