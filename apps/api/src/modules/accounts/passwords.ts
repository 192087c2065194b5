/**
 * Password hashing with argon2id (OWASP Password Storage Cheat Sheet: 19 MiB, 2 passes, 1 lane;
 * security issue 43, finding 12), from the prebuilt `@node-rs/argon2` binary. Stored in the PHC
 * format, `$argon2id$v=19$m=19456,t=2,p=1$salt$hash`, which carries its own cost.
 *
 * Hashes of the scrypt years, `scrypt$N$r$p$salt$hash`, still verify; `needsRehash` tells the
 * sign-in to store the password again with today's function and cost.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { hash, verify, type Algorithm } from '@node-rs/argon2';

/** https://cheatsheetseries.owasp.org/cheatsheets/Password_Storage_Cheat_Sheet.html#argon2id */
const ARGON2_COST = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
/** `Algorithm.Argon2id`: a const enum, which isolated modules cannot read. */
const ARGON2ID = 2 as Algorithm.Argon2id;
const ARGON2_OPTIONS = { algorithm: ARGON2ID, ...ARGON2_COST } as const;
const ARGON2_PREFIX = `$argon2id$v=19$m=${ARGON2_COST.memoryCost},t=${ARGON2_COST.timeCost},p=${ARGON2_COST.parallelism}$`;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** Whether a stored hash is of another function or cost than today's: rehash at sign-in. */
export function needsRehash(stored: string | null): boolean {
  return stored !== null && !stored.startsWith(ARGON2_PREFIX);
}

/** A hash of nothing anyone knows, verified when there is no real one (see `verifyPassword`). */
let decoy: Promise<string> | undefined;

/**
 * Whether `password` matches a stored hash. A missing or malformed hash never matches, but still
 * costs one verification, so "no such account" takes as long as "wrong password".
 */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  if (stored?.startsWith('$argon2')) {
    return verify(stored, password).catch(() => false);
  }
  if (stored?.startsWith('scrypt$')) return verifyScrypt(password, stored);
  decoy ??= hashPassword(randomBytes(16).toString('base64url'));
  await verify(await decoy, password);
  return false;
}

/**
 * Counts guesses at an account's password per account, from every address together (a stolen
 * session or a link goes anywhere): `handlers.ts` gives each check its limit, whose `count`
 * throws the 429 `CaptchaRequired` once over it.
 */
export interface PasswordGuesses {
  /** Counts an attempt before the hash, so parallel guesses cannot all slip through. */
  count(userId: number): Promise<void>;
  /** Gives back the attempt of a right password. */
  refund(userId: number): Promise<void>;
}

/**
 * Whether `password` is the account's, as a guess counted by `guesses`: counted before the hash
 * (429 past the limit, the hash not even tried), given back when right, so only wrong ones use the
 * limit up. The one way every check of a signed-in or linked account's password is counted.
 */
export async function isPasswordGuessRight(
  user: { id: number; passwordHash: string | null },
  password: string,
  guesses: PasswordGuesses,
): Promise<boolean> {
  await guesses.count(user.id);
  const right = await verifyPassword(password, user.passwordHash);
  if (right) await guesses.refund(user.id);
  return right;
}

/** `scrypt$N$r$p$salt$hash`, written before argon2id (N=2^15, r=8, p=1). */
async function verifyScrypt(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6) return false;
  const [, n, r, p, salt, hash] = parts as [string, string, string, string, string, string];
  const expected = Buffer.from(hash, 'base64url');
  const key = await deriveScrypt(password, Buffer.from(salt, 'base64url'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  }).catch(() => undefined);
  return key !== undefined && key.length === expected.length && timingSafeEqual(key, expected);
}

function deriveScrypt(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // maxmem above the 32 MiB the old cost needs (Node's default limit is exactly 32 MiB).
    scrypt(password, salt, 32, { ...options, maxmem: 64 * 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}
