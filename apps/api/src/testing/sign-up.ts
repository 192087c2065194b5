/**
 * A new traveller for integration tests. Registration answers `{ result: true }` and no session
 * (it does not tell a new address from a taken one), so the account, as registration leaves it
 * (e-mail unconfirmed), is then signed in with its password. Each sign-up comes from a client
 * address of its own: sign-ups are limited per address (`AUTH_LIMIT` an hour, decision 140).
 */
import { randomInt, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expectContractResponse } from './contract.ts';

/** A password strong enough for the registration's check. */
export const TEST_PASSWORD = 'long-trail-2026';

export interface SignUpDetails {
  email?: string;
  firstName?: string;
  lastName?: string;
  password?: string;
  phone?: string;
}

export interface SignedUp {
  email: string;
  token: string;
  refresh_token: string;
}

export async function signUp(
  app: FastifyInstance,
  {
    email = `rider-${randomUUID()}@example.com`,
    firstName = 'Maya',
    lastName = 'Hart',
    password = TEST_PASSWORD,
    phone,
  }: SignUpDetails = {},
): Promise<SignedUp> {
  const remoteAddress = `198.18.${randomInt(0, 256)}.${randomInt(1, 255)}`;
  const registered = await app.inject({
    method: 'POST',
    url: '/crm/api/user/register',
    remoteAddress,
    payload: {
      first_name: firstName,
      last_name: lastName,
      email,
      password,
      confirm_password: password,
      ...(phone ? { phone } : {}),
    },
  });
  expectContractResponse(registered, 'register');
  if (registered.statusCode !== 200) {
    throw new Error(`register answered ${registered.statusCode}: ${registered.body}`);
  }
  const signedIn = await app.inject({
    method: 'POST',
    url: '/crm/api/user/auth',
    remoteAddress,
    payload: { login: email, password },
  });
  const session = expectContractResponse(signedIn, 'login') as SignedUp;
  if (signedIn.statusCode !== 200) {
    throw new Error(`sign-in answered ${signedIn.statusCode}: ${signedIn.body}`);
  }
  return { email, token: session.token, refresh_token: session.refresh_token };
}
