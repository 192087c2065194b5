import { describe, expect, it } from 'vitest';
import { HttpError } from '#src/http/http-error.ts';
import { assertStrongPassword, WEAK_PASSWORD } from './password-strength.ts';

/** The 422 `assertStrongPassword` throws, or undefined when it accepts the password. */
async function refusal(password: string, owner = {}) {
  try {
    await assertStrongPassword(password, owner);
    return undefined;
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return { status: error.statusCode, message: error.message, errors: error.errors };
  }
}

describe('assertStrongPassword', () => {
  it('refuses common passwords with the reason on the password field', async () => {
    const weak = await refusal('12345678');
    expect(weak).toEqual({
      status: 422,
      message:
        'This password is too easy to guess. This is a heavily used password. Add more words or use a less common phrase.',
      errors: { password: [weak!.message] },
    });
    for (const password of ['password', 'p4ssw0rd', 'qwertyuiop', 'Summer2024!']) {
      expect((await refusal(password))?.errors?.password?.[0], password).toMatch(
        /^This password is too easy to guess\. .*Add more words or use a less common phrase\.$/,
      );
    }
  });

  it('accepts passphrases and long unusual passwords', async () => {
    for (const password of ['saddle-up-2026', 'correct horse battery staple', 'Kq8#vLz2!pWm9']) {
      expect(await refusal(password), password).toBeUndefined();
    }
  });

  it("refuses a password made of the person's own name or address", async () => {
    const owner = {
      email: 'wrenna.quillfeather@example.com',
      firstName: 'Wrenna',
      lastName: 'Quillfeather',
    };
    expect(await refusal('quillfeather2026')).toBeUndefined();
    expect((await refusal('quillfeather2026', owner))?.status).toBe(422);
  });

  it('answers a long crafted password quickly (64 characters are judged)', async () => {
    await refusal('warm-up');
    const started = performance.now();
    await refusal('4@$1!0|3'.repeat(16));
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('says the plain advice when zxcvbn has no warning of its own', () => {
    expect(WEAK_PASSWORD).toBe(
      'This password is too easy to guess. Add more words or use a less common phrase.',
    );
  });
});
