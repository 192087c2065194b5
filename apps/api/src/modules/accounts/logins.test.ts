import { describe, expect, it } from 'vitest';
import {
  CODE_LENGTH,
  hashSecret,
  normalizePhone,
  parseLogin,
  randomCode,
  randomToken,
} from '#src/modules/sessions/index.ts';
import { hashPassword, needsRehash, verifyPassword } from './passwords.ts';

describe('parseLogin', () => {
  it('reads an email, lower-cased and trimmed', () => {
    expect(parseLogin('  Ann.Rider@Example.COM ')).toEqual({
      kind: 'email',
      value: 'ann.rider@example.com',
    });
  });

  it('reads a phone with spaces, dashes and brackets as + and digits', () => {
    expect(parseLogin('+1 (415) 555-0134')).toEqual({ kind: 'phone', value: '+14155550134' });
    expect(normalizePhone('4155550134')).toBe('+4155550134');
  });

  it('rejects what is neither', () => {
    expect(parseLogin('not-an-email@')).toBeUndefined();
    expect(parseLogin('+12')).toBeUndefined();
    expect(parseLogin('call me maybe')).toBeUndefined();
    expect(normalizePhone('+1234567890123456789')).toBeUndefined();
  });
});

/** Written by the scrypt `hashPassword` of before argon2id (N=2^15, r=8, p=1), for `saddle-up-2026`. */
const SCRYPT_HASH =
  'scrypt$32768$8$1$DFhWZWc40Ecm1HvHPkHehw$ItakOlzsuuwMIPjZ7NGlSrnlRKk1MsBo_ZDggjgPQbg';

describe('passwords', () => {
  it('hashes with argon2id at the OWASP cost, verifies the right password only', async () => {
    const stored = await hashPassword('saddle-up-2026');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[\w+/]+\$[\w+/]+$/);
    expect(await verifyPassword('saddle-up-2026', stored)).toBe(true);
    expect(await verifyPassword('saddle-up-2027', stored)).toBe(false);
    expect(needsRehash(stored)).toBe(false);
  });

  it('still verifies an scrypt hash, and asks for it to be hashed again', async () => {
    expect(await verifyPassword('saddle-up-2026', SCRYPT_HASH)).toBe(true);
    expect(await verifyPassword('saddle-up-2027', SCRYPT_HASH)).toBe(false);
    expect(needsRehash(SCRYPT_HASH)).toBe(true);
    // A weaker argon2 cost is hashed again too; an account without a password is not.
    expect(needsRehash('$argon2id$v=19$m=4096,t=3,p=1$c2FsdHNhbHQ$aGFzaA')).toBe(true);
    expect(needsRehash(null)).toBe(false);
  });

  it('salts every hash and never matches a missing or malformed one', async () => {
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'));
    expect(await verifyPassword('x', null)).toBe(false);
    expect(await verifyPassword('x', 'plain-text')).toBe(false);
    expect(await verifyPassword('x', '$argon2id$broken')).toBe(false);
    expect(await verifyPassword('x', 'scrypt$1$2$3')).toBe(false);
  });
});

describe('secrets', () => {
  it('draws 5-digit codes, keeping leading zeros', () => {
    const codes = Array.from({ length: 200 }, randomCode);
    expect(codes.every((code) => new RegExp(`^\\d{${CODE_LENGTH}}$`).test(code))).toBe(true);
    expect(new Set(codes).size).toBeGreaterThan(150);
  });

  it('hashes tokens so that the stored value differs from the token', () => {
    const token = randomToken();
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(hashSecret(token)).not.toBe(token);
    expect(hashSecret(token)).toBe(hashSecret(token));
  });
});
