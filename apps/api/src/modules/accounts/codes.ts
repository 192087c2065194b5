/**
 * One-time codes (decisions: "One-time codes have 5 digits, expire, and allow a few attempts"),
 * sent through the outbox by the channel the traveller chose.
 */
import type { components } from '@gallop/api-client';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { userCodeAttempts, userCodes, type outbox } from '#src/db/schema/index.ts';
import { unprocessable } from '#src/http/http-error.ts';
import { hashSecret, randomCode } from '#src/modules/sessions/index.ts';
import { queueAlike } from './queue-alike.ts';

export type CodeSender = components['schemas']['CodeSender'];
export type CodePurpose = (typeof userCodes.$inferSelect)['purpose'];

const CODE_TTL_MS = 10 * 60_000;
/**
 * Guesses one client address may make at one code (decision 209): its own few, so a stranger who
 * knows the login cannot spend the attempts of the code its owner was sent.
 */
export const CODE_ATTEMPTS_PER_ADDRESS = 5;
/** Guesses at one code from every address together (20 of 100,000: 0.02 %). */
export const CODE_MAX_ATTEMPTS = 20;
/** Seconds the client waits before offering to send another code. */
export const CODE_RESEND_AFTER_S = 60;

type Channel = (typeof outbox.$inferInsert)['channel'];

/** The outbox channel of each code sender; every sender but `email` delivers to a phone. */
const SENDER_CHANNEL: Record<CodeSender, Channel> = {
  email: 'email',
  sms: 'sms',
  vk_via_sms_service: 'sms',
  whatsapp: 'whatsapp',
  whatsapp_paid: 'whatsapp',
  telegram: 'telegram',
  telegram_with_phone_request: 'telegram',
  vk: 'vk',
};

export function senderNeedsEmail(sender: CodeSender): boolean {
  return SENDER_CHANNEL[sender] === 'email';
}

/**
 * The outbox channels that can bring a code to the login typed (app.ts: in production only those
 * with a transport); none given, every one (module tests, development).
 */
export type CodeChannels = readonly Channel[] | undefined;

/** Refuses a sender whose channel nothing delivers: the traveller would wait for no code. */
export function refuseUndeliverable(
  sender: CodeSender,
  channels: CodeChannels,
  purpose: CodePurpose,
): void {
  if (channels === undefined || channels.includes(SENDER_CHANNEL[sender])) return;
  const message =
    purpose === 'sign-in' && channels.includes('email')
      ? 'Codes cannot be sent this way at the moment: please use your e-mail address.'
      : 'Codes cannot be sent this way at the moment.';
  throw unprocessable(message, { code_sender: [message] });
}

/** Those of `senders` whose channel something delivers. */
export function deliverableSenders(
  senders: readonly CodeSender[],
  channels: CodeChannels,
): CodeSender[] {
  return senders.filter((sender) => channels?.includes(SENDER_CHANNEL[sender]) ?? true);
}

const hashCode = (login: string, code: string) => hashSecret(`${login}:${code}`);

/**
 * Stores a new code for `login` and queues it; earlier codes of the same purpose stop working.
 * `userId` is the account the code is for (the only one it signs in to or confirms); null when
 * the login has none: the code is stored all the same and sent nowhere, so a wrong guess at it is
 * answered as at a real one (no account enumeration), and the same statements run, so the answer
 * takes as long (`queue-alike.ts`).
 */
export async function sendCode(
  db: Database,
  {
    login,
    purpose,
    sender,
    userId,
  }: { login: string; purpose: CodePurpose; sender: CodeSender; userId: number | null },
): Promise<void> {
  const code = randomCode();
  const expiresAt = new Date(Date.now() + CODE_TTL_MS);
  const text =
    purpose === 'sign-in'
      ? `Your Gallop sign-in code is ${code}. It is valid for 10 minutes.`
      : `Your Gallop phone confirmation code is ${code}. It is valid for 10 minutes.`;
  await db.transaction(async (tx) => {
    // Sends to one login wait for each other: each then invalidates every code sent before it,
    // and two never lock those codes in different orders (a deadlock, issue 43 finding 10).
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`code:${purpose}:${login}`}))`);
    await tx
      .update(userCodes)
      .set({ usedAt: new Date() })
      .where(
        and(eq(userCodes.login, login), eq(userCodes.purpose, purpose), isNull(userCodes.usedAt)),
      );
    await tx.insert(userCodes).values({
      login,
      purpose,
      sender,
      userId,
      codeHash: hashCode(login, code),
      expiresAt,
    });
    // Sent nowhere for a login without an account, after the same statements (`queueAlike`).
    await queueAlike(
      tx,
      {
        kind: purpose === 'sign-in' ? 'sign-in-code' : 'phone-code',
        channel: SENDER_CHANNEL[sender],
        recipient: login,
        subject: purpose === 'sign-in' ? 'Your sign-in code' : 'Your confirmation code',
        body: text,
        payload: { purpose, sender },
        // Not sent, nor retried, once the code no longer works.
        expiresAt,
      },
      userId !== null,
    );
  });
}

/**
 * Ends the account's outstanding codes of `purpose` (a password was set: a sign-in code mailed
 * before must not sign in after it). A code so ended answers as an expired one.
 */
export async function voidCodes(
  db: Pick<Database, 'update'>,
  userId: number,
  purpose: CodePurpose,
): Promise<void> {
  await db
    .update(userCodes)
    .set({ usedAt: new Date() })
    .where(
      and(eq(userCodes.userId, userId), eq(userCodes.purpose, purpose), isNull(userCodes.usedAt)),
    );
}

const INVALID_CODE = 'Invalid code';
export const invalidCode = () => unprocessable(INVALID_CODE, { code: [INVALID_CODE] });

const EXPIRED_CODE = 'The code has expired. Please request a new one.';
/** The 422 of a code that no longer works: expired, its attempts spent, or ended (`voidCodes`). */
export const expiredCode = () => unprocessable(EXPIRED_CODE, { code: [EXPIRED_CODE] });

/** A code that matched (`checkCode`), not used up yet: `useCode` does that. */
interface CheckedCode {
  /** The code's row. */
  id: number;
  /** The account it was sent for; null for a code stored for a login without one (`sendCode`). */
  userId: number | null;
}

/**
 * Compares a code with the latest one sent to `login`, and answers it still unused: the caller
 * uses it up (`useCode`) where what it opens is decided, under the account's row lock for a
 * sign-in (`signInWithCode`), so a code that a new password ended meanwhile opens nothing. A
 * wrong code uses up an attempt; after the last one, or after expiry, a new code is needed.
 */
export async function checkCode(
  db: Database,
  {
    login,
    purpose,
    code,
    address,
  }: { login: string; purpose: CodePurpose; code: string; address: string },
): Promise<CheckedCode> {
  const [latest] = await db
    .select()
    .from(userCodes)
    .where(
      and(
        eq(userCodes.login, login),
        eq(userCodes.purpose, purpose),
        isNull(userCodes.usedAt),
        gt(userCodes.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(userCodes.createdAt))
    .limit(1);
  if (!latest) throw expiredCode();
  // An attempt is spent before the comparison, in one conditional statement each: guesses sent at
  // once wait for each other's row lock, so N of them spend N attempts and only the first few are
  // compared at all (a check-then-count let 40 simultaneous guesses all be compared). The
  // address's own count first, then the code's.
  const [fromHere] = await db
    .insert(userCodeAttempts)
    .values({ codeId: latest.id, address, attempts: 1 })
    .onConflictDoUpdate({
      target: [userCodeAttempts.codeId, userCodeAttempts.address],
      set: { attempts: sql`${userCodeAttempts.attempts} + 1` },
      setWhere: lt(userCodeAttempts.attempts, CODE_ATTEMPTS_PER_ADDRESS),
    })
    .returning({ attempts: userCodeAttempts.attempts });
  if (!fromHere) throw expiredCode();
  const [attempt] = await db
    .update(userCodes)
    .set({ attempts: sql`${userCodes.attempts} + 1` })
    .where(
      and(
        eq(userCodes.id, latest.id),
        isNull(userCodes.usedAt),
        lt(userCodes.attempts, CODE_MAX_ATTEMPTS),
      ),
    )
    .returning({ codeHash: userCodes.codeHash });
  if (!attempt) throw expiredCode();
  if (attempt.codeHash !== hashCode(login, code)) throw invalidCode();
  return { id: latest.id, userId: latest.userId };
}

/**
 * Uses up a code `checkCode` matched; false when it no longer works: a concurrent check of the
 * same code used it first, or `voidCodes` ended it (a new password).
 */
export async function useCode(
  db: Pick<Database, 'update'>,
  { id }: Pick<CheckedCode, 'id'>,
): Promise<boolean> {
  const [used] = await db
    .update(userCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(userCodes.id, id), isNull(userCodes.usedAt)))
    .returning({ id: userCodes.id });
  return used !== undefined;
}

/**
 * Checks a code and uses it up at once (`checkCode`, `useCode`): it cannot be used again, and
 * answers the account it was sent for (null: a code stored for a login without one).
 */
export async function verifyCode(
  db: Database,
  query: { login: string; purpose: CodePurpose; code: string; address: string },
): Promise<{ userId: number | null }> {
  const checked = await checkCode(db, query);
  // Used once: a concurrent second check of the same code finds nothing to update.
  if (!(await useCode(db, checked))) throw invalidCode();
  return { userId: checked.userId };
}
