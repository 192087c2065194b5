/**
 * The emails accounts send: address confirmation and password reset links, the notices of a
 * changed e-mail or password, and the notice that someone tried to register with an address that
 * already has an account.
 */
import type { Database } from '#src/db/client.ts';
import { outbox } from '#src/db/schema/index.ts';
import { randomToken, type UserRow } from '#src/modules/sessions/index.ts';
import { createLinkToken, createLinkTokenForEmail } from './links.ts';
import { queueAlike } from './queue-alike.ts';

type Executor = Pick<Database, 'insert'>;

/** The note of a registration whose phone number belongs to another account. */
export const PHONE_NOT_SAVED =
  'The phone number you entered belongs to another Gallop account, so it was not saved. You can add a phone in your account settings.';

/**
 * The greeting: by name only to an address its account confirmed. Names are typed by whoever
 * registers, so mail to an address nobody has confirmed greets neutrally: otherwise a sign-up with
 * someone else's address and a "name" such as "your refund is ready: claim at https://…" made
 * Gallop send that text to any inbox (pen test 2026-12-06, finding 2).
 */
const greeting = (user: Pick<UserRow, 'firstName' | 'emailConfirmedAt'>) =>
  `Hello${user.emailConfirmedAt && user.firstName ? ` ${user.firstName}` : ''},`;

/** `r***@example.com`: enough for the owner to recognise an address, not to read it. */
const maskedEmail = (email: string) => {
  const at = email.lastIndexOf('@');
  return at <= 0 ? '***' : `${email[0]}***${email.slice(at)}`;
};

/**
 * Queues the "confirm your email" link to the user's current address (if any). The click that
 * confirms the address also signs in a visitor who has no session (`confirmEmail`), which is how
 * a registration ends. Opened outside the account's own session, it first asks for the account's
 * password or "I did not create this account" (decision 151), then ends the account's other
 * sessions (decision 147). `note` adds a paragraph (a phone number that was not saved).
 */
export async function sendEmailConfirmation(
  db: Executor,
  user: Pick<UserRow, 'id' | 'email'>,
  publicUrl: string,
  note?: string,
): Promise<void> {
  if (!user.email) return;
  const token = await createLinkToken(db, user.id, 'confirm-email', user.email);
  await db
    .insert(outbox)
    .values(emailConfirmationMessage({ id: user.id, email: user.email }, token, publicUrl, note));
}

/** The message of `sendEmailConfirmation`, with the link of `token`. */
export function emailConfirmationMessage(
  user: { id: number; email: string },
  token: string,
  publicUrl: string,
  note?: string,
): typeof outbox.$inferInsert {
  const link = new URL('/email-confirm', publicUrl);
  link.searchParams.set('token', token);
  return {
    kind: 'confirm-email',
    channel: 'email',
    recipient: user.email,
    subject: 'Confirm your email for Gallop',
    body: [
      // The address is not confirmed yet: no name the registration typed (`greeting`).
      'Hello,',
      `Please confirm your email address: ${link.href}`,
      ...(note ? [note] : []),
      'The link is valid for 3 days. If you did not ask for it, ignore this email.',
    ].join('\n\n'),
    payload: { userId: user.id, link: link.href },
  };
}

/**
 * Queues a password reset link (valid one hour) to `email` when an account has it, bound to the
 * address (decision 172): once the account has moved to another address, the link no longer
 * works (`sign-in.ts`). An address without an account gets nothing, at the same cost: one
 * transaction of the same statements, the link stored for no one and the message a stand-in
 * taken back (`queue-alike.ts`), so the time of the answer does not tell who has an account.
 */
export async function sendPasswordReset(
  db: Pick<Database, 'transaction'>,
  email: string,
  publicUrl: string,
): Promise<void> {
  const token = randomToken();
  const link = new URL('/login', publicUrl);
  link.searchParams.set('password_reset_token', token);
  await db.transaction(async (tx) => {
    const userId = await createLinkTokenForEmail(tx, 'reset-password', email, token);
    await queueAlike(
      tx,
      {
        kind: 'reset-password',
        channel: 'email',
        recipient: email,
        subject: 'Reset your Gallop password',
        body: `Someone asked to reset the password of your Gallop account. If it was you, open: ${link.href}\n\nThe link is valid for one hour. If it was not you, ignore this email.`,
        payload: { userId: userId ?? null, link: link.href },
      },
      userId !== undefined,
    );
  });
}

/**
 * The notice to an address that already has an account when someone registers with it: the
 * registration answers as for a new address (no account enumeration), and only the owner learns
 * that the address is taken, with the ways back in (`registerWithPassword` queues it).
 */
export function registrationAttemptMessage(
  user: Pick<UserRow, 'id' | 'firstName' | 'emailConfirmedAt'> & { email: string },
  publicUrl: string,
): typeof outbox.$inferInsert {
  const signIn = new URL('/login', publicUrl);
  return {
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
  };
}

/**
 * Queues the notice to an address that already has an account when another account asks to move
 * to it: the change answers as for a free address (no account enumeration), nothing changes, and
 * only this inbox learns of it.
 */
export async function sendEmailTaken(
  db: Executor,
  owner: Pick<UserRow, 'id' | 'email' | 'firstName' | 'emailConfirmedAt'>,
  publicUrl: string,
): Promise<void> {
  if (!owner.email) return;
  const signIn = new URL('/login', publicUrl);
  await db.insert(outbox).values({
    kind: 'email-taken',
    channel: 'email',
    recipient: owner.email,
    subject: 'Someone tried to use your email on Gallop',
    body: [
      greeting(owner),
      'Someone asked to move another Gallop account to this email address. It already has an account, so nothing was changed.',
      `Your account stays as it is. To sign in: ${signIn.href}`,
      'If it was not you, you can ignore this email.',
    ].join('\n\n'),
    payload: { userId: owner.id, link: signIn.href },
  });
}

/**
 * Queues the notice to the previous address once an account's e-mail changed: if the owner did
 * not change it, this is how they learn (the new address is masked).
 */
export async function sendEmailChanged(
  db: Executor,
  previous: Pick<UserRow, 'id' | 'email' | 'firstName' | 'emailConfirmedAt'>,
  newEmail: string,
  publicUrl: string,
): Promise<void> {
  if (!previous.email) return;
  const recover = new URL('/login', publicUrl);
  await db.insert(outbox).values({
    kind: 'email-changed',
    channel: 'email',
    recipient: previous.email,
    subject: 'The email of your Gallop account was changed',
    body: [
      greeting(previous),
      `The email address of your Gallop account was changed from this address to ${maskedEmail(newEmail)}. Messages about the account now go there.`,
      `If you did not change it, sign in with your password at ${recover.href} and change it back, or write to Gallop support.`,
    ].join('\n\n'),
    payload: { userId: previous.id },
  });
}

/**
 * Queues the notice that the account's password was changed (`changePassword`), as an e-mail
 * change is told: if the owner did not change it, this is how they learn, and how to get back in.
 * The other devices were signed out by the change; a reset link to this address, or a sign-in
 * code, still opens the account.
 */
export async function sendPasswordChanged(
  db: Executor,
  user: Pick<UserRow, 'id' | 'email' | 'firstName' | 'emailConfirmedAt'>,
  publicUrl: string | undefined,
): Promise<void> {
  if (!user.email) return;
  const recover = publicUrl ? new URL('/login', publicUrl).href : undefined;
  await db.insert(outbox).values({
    kind: 'password-changed',
    channel: 'email',
    recipient: user.email,
    subject: 'The password of your Gallop account was changed',
    body: [
      greeting(user),
      'The password of your Gallop account was just changed. Every other device signed in to the account was signed out and needs the new password.',
      `If you did not change it, open the Gallop sign-in page${recover ? ` (${recover})` : ''}, choose "Forgot your password?" to get a reset link at this address (or sign in with a one-time code sent here), choose a new password, and write to Gallop support.`,
    ].join('\n\n'),
    payload: { userId: user.id, ...(recover ? { link: recover } : {}) },
  });
}
