/** Test helpers of the payments module: the sandbox's hosted card page, driven like a payer. */
import type { FastifyInstance } from 'fastify';

/** The hosted page's path and token from a `redirect_url`. */
export function hostedPage(redirectUrl: string) {
  const url = new URL(redirectUrl);
  return { path: url.pathname, token: url.searchParams.get('token')! };
}

/** Submits the hosted card page of `redirectUrl` with `card` (and a valid expiry and CVC). */
export async function submitCard(
  app: FastifyInstance,
  redirectUrl: string,
  card: string,
  extra: Record<string, string> = {},
) {
  const { path, token } = hostedPage(redirectUrl);
  return app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ token, card, exp: '12/30', cvc: '123', ...extra }).toString(),
  });
}
