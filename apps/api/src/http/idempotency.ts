/**
 * `Idempotency-Key` for creating calls (decision 089) and the organizer's decisions (decision
 * 167: a date run or cancelled, a booking cancelled), in the manner of the IETF draft
 * "The Idempotency-Key HTTP Header Field" and Stripe's API: the key, a fingerprint of the caller
 * and the request, and the answer are kept for at least 24 hours. A replay answers the saved
 * status and body and does nothing; the same key with another request is a 422. Keys are the
 * owner's (an account, a guest's address), as Stripe's are an account's: another owner's key
 * never answers, nor refuses, this owner's request.
 *
 * The key row is inserted in the transaction that creates the resource, so a process killed
 * mid-way leaves both or neither: a client that saw only a socket error retries with its key and
 * gets the booking that was made. Two requests with one key at once: PostgreSQL makes the second
 * insert wait for the first transaction, then it finds the key and answers the first's result.
 */
import { createHash } from 'node:crypto';
import { and, eq, isNull, lt } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '#src/db/client.ts';
import { idempotencyKeys } from '#src/db/schema/index.ts';
import { unprocessable } from './http-error.ts';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Keys are kept at least this long (the contract promises 24 hours). */
const IDEMPOTENCY_TTL_MS = 48 * 3_600_000;

const KEY_REUSED = 'This Idempotency-Key was already used for another request';

/** The `Idempotency-Key` header, or undefined (the contract has checked its form). */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const header = request.headers['idempotency-key'];
  const value = Array.isArray(header) ? header[0] : header;
  return value || undefined;
}

/** JSON with object keys sorted, so one request always has one fingerprint. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** sha256 of everything that makes two requests the same request. */
export function fingerprintOf(parts: Record<string, unknown>): string {
  return createHash('sha256').update(canonicalJson(parts)).digest('hex');
}

export interface IdempotentCreate<Body> {
  db: Database;
  /** The operation: one key may be used once per operation and owner. */
  scope: string;
  /**
   * Whose key it is (`user:<id>`, `guest:<hash of the address>`): the same key sent by two owners is two
   * requests, so nobody is answered, or refused, for another's use of it.
   */
  owner: string;
  key: string | undefined;
  fingerprint: string;
  statusCode: number;
  /** Creates the resource inside the transaction and answers its id. */
  create: (tx: Transaction) => Promise<number>;
  /**
   * Lets the request that will do the work through, or throws (a rate limit's 429): called once
   * this request holds the key, so a retry sent while the first is in flight waits for its answer
   * and is not counted; a throw gives the key back. Without a key, called before the work.
   */
  admit?: () => Promise<void>;
  /** The answer for the created resource, read after the commit. */
  answer: (id: number) => Promise<Body>;
  /**
   * Runs the transaction `run` opens, e.g. again after a deadlock (`retryOnDeadlock`): the key
   * row is inserted in that transaction, so an aborted attempt gives the key back with it.
   */
  transact?: <T>(run: () => Promise<T>) => Promise<T>;
}

export interface SavedAnswer<Body> {
  statusCode: number;
  body: Body;
  replayed: boolean;
}

/** The stored scope: the operation and the owner, so owners' keys never meet. */
const ownedScope = (call: Pick<IdempotentCreate<unknown>, 'scope' | 'owner'>) =>
  `${call.scope}/${call.owner}`;

/** The answer saved for `key`, if any; a 422 when the key belongs to another request. */
export async function savedAnswer<Body>(
  call: Pick<IdempotentCreate<Body>, 'db' | 'scope' | 'owner' | 'key' | 'fingerprint' | 'answer'>,
): Promise<SavedAnswer<Body> | undefined> {
  if (call.key === undefined) return undefined;
  const where = and(eq(idempotencyKeys.scope, ownedScope(call)), eq(idempotencyKeys.key, call.key));
  const [row] = await call.db.select().from(idempotencyKeys).where(where);
  if (!row) return undefined;
  if (row.fingerprint !== call.fingerprint) {
    throw unprocessable(KEY_REUSED, { 'Idempotency-Key': [KEY_REUSED] });
  }
  if (row.response !== null) {
    return { statusCode: row.statusCode!, body: row.response as Body, replayed: true };
  }
  // Committed, but the process stopped before saving the answer: build it once, keep the first.
  return { ...(await saveAnswer(call, row.resourceId!, row.statusCode!)), replayed: true };
}

/**
 * A key saved before keys had owners (scope: the operation alone), answered to the request that
 * made it (the same fingerprint, which names the caller): a retry sent across the deploy that
 * scoped keys replays rather than books again. Such rows are purged within the key's 48 hours.
 */
async function answerSavedBeforeOwners<Body>(
  call: Pick<IdempotentCreate<Body>, 'db' | 'scope' | 'key' | 'fingerprint' | 'answer'>,
): Promise<SavedAnswer<Body> | undefined> {
  const [row] = await call.db
    .select({
      response: idempotencyKeys.response,
      statusCode: idempotencyKeys.statusCode,
      resourceId: idempotencyKeys.resourceId,
    })
    .from(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.scope, call.scope),
        eq(idempotencyKeys.key, call.key!),
        eq(idempotencyKeys.fingerprint, call.fingerprint),
      ),
    );
  if (!row || row.resourceId === null) return undefined;
  // Committed before the answer was saved: built from what the key created.
  const body = row.response === null ? await call.answer(row.resourceId) : (row.response as Body);
  return { statusCode: row.statusCode!, body, replayed: true };
}

async function saveAnswer<Body>(
  call: Pick<IdempotentCreate<Body>, 'db' | 'scope' | 'owner' | 'key' | 'answer'>,
  resourceId: number,
  statusCode: number,
): Promise<{ statusCode: number; body: Body }> {
  const where = and(
    eq(idempotencyKeys.scope, ownedScope(call)),
    eq(idempotencyKeys.key, call.key!),
  );
  const body = await call.answer(resourceId);
  const [saved] = await call.db
    .update(idempotencyKeys)
    .set({ response: body })
    .where(and(where, isNull(idempotencyKeys.response)))
    .returning({ response: idempotencyKeys.response });
  if (saved) return { statusCode, body };
  const [first] = await call.db
    .select({ response: idempotencyKeys.response })
    .from(idempotencyKeys)
    .where(where);
  return { statusCode, body: first!.response as Body };
}

const runAsIs = <T>(run: () => Promise<T>) => run();

/**
 * Runs `call.create` once per key: the first request creates and saves its answer, every replay
 * (at once or later) answers the same status and body.
 */
export async function createOnce<Body>(call: IdempotentCreate<Body>): Promise<SavedAnswer<Body>> {
  const { db, key } = call;
  const transact = call.transact ?? runAsIs;
  // Once per request, though a transaction retried after a deadlock runs the work again.
  let admitted = false;
  const admit = async () => {
    if (admitted || !call.admit) return;
    await call.admit();
    admitted = true;
  };
  if (key === undefined) {
    await admit();
    const id = await transact(() => db.transaction((tx) => call.create(tx)));
    return { statusCode: call.statusCode, body: await call.answer(id), replayed: false };
  }
  const earlier = await answerSavedBeforeOwners(call);
  if (earlier) return earlier;
  const scope = ownedScope(call);
  const created = await transact(() =>
    db.transaction(async (tx) => {
      const [claimed] = await tx
        .insert(idempotencyKeys)
        .values({ scope, key, fingerprint: call.fingerprint })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      if (!claimed) return undefined;
      await admit();
      const id = await call.create(tx);
      await tx
        .update(idempotencyKeys)
        .set({ resourceId: id, statusCode: call.statusCode })
        .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
      return id;
    }),
  );
  if (created === undefined) {
    const saved = await savedAnswer(call);
    // The key's first request failed and rolled back after this one looked: create afresh.
    return saved ?? createOnce(call);
  }
  return { ...(await saveAnswer(call, created, call.statusCode)), replayed: false };
}

export interface IdempotentAction<Body, Done> extends Omit<IdempotentCreate<Body>, 'create'> {
  /** Does the work inside the transaction: the row it acted on, and what follows the commit. */
  act: (tx: Transaction) => Promise<{ id: number; done: Done }>;
}

/** The saved answer, and for the request that did the work what follows its commit. */
export type ActedAnswer<Body, Done> = Omit<SavedAnswer<Body>, 'replayed'> &
  ({ replayed: true } | { replayed: false; done: Done });

/**
 * `createOnce` for an action whose work after the commit (refunds sent, payments voided) belongs
 * to the request that did it: `done` is that request's, a replay has none and does nothing more.
 */
export async function actOnce<Body, Done>(
  call: IdempotentAction<Body, Done>,
): Promise<ActedAnswer<Body, Done>> {
  // Set by each transaction attempt; only the committed one's answer carries it.
  let done: Done | undefined;
  const saved = await createOnce({
    ...call,
    create: async (tx) => {
      const acted = await call.act(tx);
      done = acted.done;
      return acted.id;
    },
  });
  return saved.replayed ? { ...saved, replayed: true } : { ...saved, replayed: false, done: done! };
}

/** Forgets keys older than the promise (the booking job calls it). */
export async function purgeIdempotencyKeys(db: Database, now: Date): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_TTL_MS)));
}
