/**
 * Refuses passwords that are easy to guess (security issue 43, finding 12; OWASP ASVS 5.0
 * V6.2.4 and V6.2.11): zxcvbn's estimate, offline, against common passwords, English words,
 * names, keyboard patterns, dates and the person's own name and address. Register, change
 * password and reset password call it before hashing.
 */
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { unprocessable } from '#src/http/http-error.ts';

/** zxcvbn's 0-4 scale: 3 is "safely unguessable: moderate protection from offline attacks". */
const MIN_PASSWORD_SCORE = 3;
const TOO_EASY = 'This password is too easy to guess.';
const ADVICE = 'Add more words or use a less common phrase.';
export const WEAK_PASSWORD = `${TOO_EASY} ${ADVICE}`;

let checker: Promise<ZxcvbnFactory> | undefined;

/**
 * The dictionaries (about 1 s to import and index) load at the first check, not at start: most
 * API processes answer no registration at all. Bounded for requests: 64 characters are judged
 * (longer ones are long enough anyway) and 5 look-alike substitutions (`p4ssw0rd`), which keeps a
 * check within tens of milliseconds instead of seconds for a crafted 128-character password.
 */
function loadChecker(): Promise<ZxcvbnFactory> {
  checker ??= Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-en'),
  ]).then(
    ([{ ZxcvbnFactory }, common, en]) =>
      new ZxcvbnFactory({
        translations: en.translations,
        graphs: common.adjacencyGraphs,
        dictionary: { ...common.dictionary, ...en.dictionary },
        maxLength: 64,
        l33tMaxSubstitutions: 5,
      }),
  );
  return checker;
}

/** The person's own words: a password made of them is easy to guess for whoever knows them. */
export interface PasswordOwner {
  email?: string | null | undefined;
  firstName?: string | null | undefined;
  lastName?: string | null | undefined;
}

function ownWords({ email, firstName, lastName }: PasswordOwner): string[] {
  return [email, firstName, lastName]
    .flatMap((text) => (text ? [text, ...text.split(/[@\s.+_-]+/)] : []))
    .filter((word) => word.length >= 3);
}

/** 422 with the reason on `password` when the password scores below 3. */
export async function assertStrongPassword(
  password: string,
  owner: PasswordOwner = {},
): Promise<void> {
  const result = (await loadChecker()).check(password, ownWords(owner));
  if (result.score >= MIN_PASSWORD_SCORE) return;
  // zxcvbn's own reason when it has one: "This is a heavily used password."
  const warning = result.feedback.warning?.replace(/\.?$/, '.');
  const message = [TOO_EASY, warning, ADVICE].filter(Boolean).join(' ');
  throw unprocessable(message, { password: [message] });
}
