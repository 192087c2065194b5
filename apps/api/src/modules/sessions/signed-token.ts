/**
 * Signed tokens: a base64url JSON payload, then an HMAC-SHA256 of it, the way the sandbox payment
 * provider signs its callbacks. Short-lived ones carry `exp` and go to services outside the API
 * (the identity-verification service, the web call widget), which hold the same secret; lasting
 * ones (the unfollow links of decision 058) come back to the API itself.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

const sign = (secret: string, body: string) =>
  createHmac('sha256', secret).update(body).digest('base64url');

/** `payload` signed with `secret`; it never expires. */
export function signToken(secret: string, payload: Record<string, string | number>): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${sign(secret, body)}`;
}

/** The payload of a token this secret signed, or undefined (forged, altered or malformed). */
export function verifyToken(secret: string, token: string): Record<string, unknown> | undefined {
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined) return undefined;
  const expected = Buffer.from(sign(secret, body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  try {
    const payload: unknown = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    return typeof payload === 'object' && payload !== null && !Array.isArray(payload)
      ? (payload as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** `payload` plus `iat` and `exp`, signed with `secret`, valid for `ttlMs`. */
export function signServiceToken(
  secret: string,
  payload: Record<string, string | number>,
  ttlMs: number,
  now = Date.now(),
): { token: string; expiresAt: Date } {
  const iat = Math.floor(now / 1000);
  const exp = Math.floor((now + ttlMs) / 1000);
  return { token: signToken(secret, { ...payload, iat, exp }), expiresAt: new Date(exp * 1000) };
}

/** The payload of a token this secret signed that has not expired, or undefined. */
export function verifyServiceToken(
  secret: string,
  token: string,
  now = Date.now(),
): Record<string, unknown> | undefined {
  const payload = verifyToken(secret, token);
  return typeof payload?.['exp'] === 'number' && payload['exp'] * 1000 > now ? payload : undefined;
}
