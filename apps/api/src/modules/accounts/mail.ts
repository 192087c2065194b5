/**
 * The emails accounts send: address confirmation and password reset links, and the notice that
 * someone tried to register with an address that already has an account.
 */
import type { Database } from '#src/db/client.ts';
import { outbox } from '#src/db/schema/index.ts';
import { createLinkToken } from './links.ts';
import type { UserRow } from '#src/modules/sessions/index.ts';

type Executor = Pick<Database, 'insert'>;

/** The note of a registration whose phone number belongs to another account. */
export const PHONE_NOT_SAVED =
  'The phone number you entered belongs to another Gallop account, so it was not saved. You can add a phone in your account settings.';

const greeting = (user: Pick<UserRow, 'firstName'>) =>
  `Hello${user.firstName ? ` ${user.firstName}` : ''},`;

/**
 * Queues the "confirm your email" link to the user's current address (if any). The click that
 * confirms the address also signs in a visitor who has no session (`confirmEmail`), which is how
 * a registration ends. `note` adds a paragraph (a phone number that was not saved).
 */
export async function sendEmailConfirmation(
  db: Executor,
  user: Pick<UserRow, 'id' | 'email' | 'firstName'>,
  publicUrl: string,
  note?: string,
): Promise<void> {
  if (!user.email) return;
  const token = await createLinkToken(db, user.id, 'confirm-email', user.email);
  const link = new URL('/email-confirm', publicUrl);
  link.searchParams.set('token', token);
  await db.insert(outbox).values({
    kind: 'confirm-email',
    channel: 'email',
    recipient: user.email,
    subject: 'Confirm your email for Gallop',
    body: [
      greeting(user),
      `Please confirm your email address: ${link.href}`,
      ...(note ? [note] : []),
      'The link is valid for 3 days. If you did not ask for it, ignore this email.',
    ].join('\n\n'),
    payload: { userId: user.id, link: link.href },
  });
}

/** Queues a password reset link (valid one hour). */
export async function sendPasswordReset(
  db: Executor,
  user: Pick<UserRow, 'id' | 'email'>,
  publicUrl: string,
): Promise<void> {
  if (!user.email) return;
  const token = await createLinkToken(db, user.id, 'reset-password');
  const link = new URL('/login', publicUrl);
  link.searchParams.set('password_reset_token', token);
  await db.insert(outbox).values({
    kind: 'reset-password',
    channel: 'email',
    recipient: user.email,
    subject: 'Reset your Gallop password',
    body: `Someone asked to reset the password of your Gallop account. If it was you, open: ${link.href}\n\nThe link is valid for one hour. If it was not you, ignore this email.`,
    payload: { userId: user.id, link: link.href },
  });
}

/**
 * Queues the notice to an address that already has an account when someone registers with it:
 * the registration answers as for a new address (no account enumeration), and only the owner
 * learns that the address is taken, with the ways back in.
 */
export async function sendRegistrationAttempt(
  db: Executor,
  user: Pick<UserRow, 'id' | 'email' | 'firstName'>,
  publicUrl: string,
): Promise<void> {
  if (!user.email) return;
  const signIn = new URL('/login', publicUrl);
  await db.insert(outbox).values({
    kind: 'register-attempt',
    channel: 'email',
    recipient: user.email,
    subject: 'Someone tried to register with your email on Gallop',
    body: [
      greeting(user),
      'Someone, perhaps you, tried to create a Gallop account with this email address. It already has an account, so nothing was changed.',
      `If it was you, sign in: ${signIn.href}\nForgot your password? Choose "Forgot your password?" there to get a reset link, or sign in with a one-time code sent to this address.`,
      'If it was not you, you can ignore this email: your account and password stay as they are.',
    ].join('\n\n'),
    payload: { userId: user.id, link: signIn.href },
  });
}
