/**
 * Single-use links sent by email: confirm an address, reset a password, or sign in from a
 * message. The token travels in the link; only its hash is stored.
 */
import { and, eq, gt, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { userLinkTokens, users } from '#src/db/schema/index.ts';
import { HttpError } from '#src/http/http-error.ts';
import { hashSecret, randomToken } from '#src/modules/sessions/index.ts';

export type LinkKind = (typeof userLinkTokens.$inferSelect)['kind'];

/** How long each kind of link stays valid. */
const LINK_TTL_MS: Record<LinkKind, number> = {
  'confirm-email': 3 * 24 * 60 * 60_000,
  'reset-password': 60 * 60_000,
  'sign-in': 15 * 60_000,
};

export const expiredLink = () =>
  new HttpError(410, 'This link has expired or was already used. Please request a new one.');

type Executor = Pick<Database, 'insert'>;

export async function createLinkToken(
  db: Executor,
  userId: number,
  kind: LinkKind,
  email?: string | null,
): Promise<string> {
  const token = randomToken();
  await db.insert(userLinkTokens).values({
    userId,
    kind,
    email: email ?? null,
    tokenHash: hashSecret(token),
    expiresAt: new Date(Date.now() + LINK_TTL_MS[kind]),
  });
  return token;
}

/**
 * A link of `kind` for the account whose address is `email`, bound to that address (decision
 * 172): one statement finds the account and stores the link, and answers the account's id, or
 * undefined (storing nothing) when no account has the address. The statement is the same either
 * way, so the call costs alike for a known and an unknown address (`queue-alike.ts`).
 */
export async function createLinkTokenForEmail(
  db: Pick<Database, 'execute'>,
  kind: LinkKind,
  email: string,
  token: string,
): Promise<number | undefined> {
  const expiresAt = new Date(Date.now() + LINK_TTL_MS[kind]).toISOString();
  const { rows } = await db.execute<{ user_id: number }>(sql`
    insert into ${userLinkTokens} (user_id, kind, email, token_hash, expires_at)
    select ${users.id}, ${kind}, ${users.email}, ${hashSecret(token)}, ${expiresAt}::timestamptz
    from ${users}
    where ${users.email} = ${email}
    returning user_id`);
  return rows[0]?.user_id;
}

/**
 * A link of `kind` for account `userId`, bound to its address, in one statement that stores
 * nothing for `undefined` (no account): the same statement either way, as `createLinkTokenForEmail`
 * (a registration's link for a new account, and none for a taken address, cost alike).
 */
export async function createLinkTokenForUser(
  db: Pick<Database, 'execute'>,
  kind: LinkKind,
  userId: number | undefined,
  token: string,
): Promise<void> {
  const expiresAt = new Date(Date.now() + LINK_TTL_MS[kind]).toISOString();
  await db.execute(sql`
    insert into ${userLinkTokens} (user_id, kind, email, token_hash, expires_at)
    select ${users.id}, ${kind}, ${users.email}, ${hashSecret(token)}, ${expiresAt}::timestamptz
    from ${users}
    where ${users.id} = ${userId ?? -1}`);
}

/** The link's row while it is unused and unexpired; undefined otherwise. */
export async function findLinkToken(db: Database, kind: LinkKind, token: string) {
  const [row] = await db
    .select()
    .from(userLinkTokens)
    .where(
      and(
        eq(userLinkTokens.tokenHash, hashSecret(token)),
        eq(userLinkTokens.kind, kind),
        isNull(userLinkTokens.usedAt),
        gt(userLinkTokens.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return row;
}

/**
 * Uses up a link: answers its row, or throws 410 when it is unknown, expired or already used.
 * One statement, so a link clicked twice at once still works only once.
 */
export async function consumeLinkToken(
  db: Pick<Database, 'update'>,
  kind: LinkKind,
  token: string,
) {
  const [row] = await db
    .update(userLinkTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(userLinkTokens.tokenHash, hashSecret(token)),
        eq(userLinkTokens.kind, kind),
        isNull(userLinkTokens.usedAt),
        gt(userLinkTokens.expiresAt, new Date()),
      ),
    )
    .returning();
  if (!row) throw expiredLink();
  return row;
}

/**
 * Uses up a password reset link together with every other reset link of its account still
 * outstanding, in one statement: a password is set by one link at most, and two links used at
 * once cannot both set one (the second waits for the first's row locks, then finds its own used).
 * Throws 410 like `consumeLinkToken`.
 */
export async function consumeResetLink(db: Database, userId: number, token: string) {
  const used = await voidLinks(db, userId, ['reset-password']);
  const row = used.find((link) => link.tokenHash === hashSecret(token));
  if (!row) throw expiredLink();
  return row;
}

/**
 * Ends the user's outstanding links of `kinds` (a password was set or cleared: no reset link of
 * before may set another); answers the rows it ended.
 */
export function voidLinks(db: Pick<Database, 'update'>, userId: number, kinds: LinkKind[]) {
  return db
    .update(userLinkTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(userLinkTokens.userId, userId),
        inArray(userLinkTokens.kind, kinds),
        isNull(userLinkTokens.usedAt),
        gt(userLinkTokens.expiresAt, new Date()),
      ),
    )
    .returning();
}

/**
 * Ends the account's outstanding links of a waiting address change (decision 141): confirmation
 * links to an address other than `currentEmail`. A registration's link (to the account's own
 * address) stays; it moves nothing.
 */
export async function voidChangeLinks(
  db: Pick<Database, 'update'>,
  userId: number,
  currentEmail: string | null,
): Promise<void> {
  await db
    .update(userLinkTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(userLinkTokens.userId, userId),
        eq(userLinkTokens.kind, 'confirm-email'),
        sql`${userLinkTokens.email} is distinct from ${currentEmail}`,
        isNull(userLinkTokens.usedAt),
      ),
    );
}

/** A link's row once it was used (expired or not), or undefined. */
export async function findUsedLinkToken(db: Database, kind: LinkKind, token: string) {
  const [row] = await db
    .select()
    .from(userLinkTokens)
    .where(
      and(
        eq(userLinkTokens.tokenHash, hashSecret(token)),
        eq(userLinkTokens.kind, kind),
        isNotNull(userLinkTokens.usedAt),
      ),
    )
    .limit(1);
  return row;
}
