/** Random tokens and one-time codes, and the hashes under which they are stored. */
import { createHash, randomBytes, randomInt } from 'node:crypto';

/** A random 256-bit token, URL-safe. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What is stored instead of a token or code: its SHA-256 (tokens are random, so no salt). */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('base64url');
}

/** The one-time code length (docs/product.md, Constants: code input length 5). */
export const CODE_LENGTH = 5;

/** A uniformly random 5-digit code, leading zeros kept. */
export function randomCode(): string {
  return String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, '0');
}
