import { describe, expect, it } from 'vitest';
import { mailboxOf } from './mailbox.ts';

const keyOf = (email: string) => mailboxOf(email).key;

describe('one mailbox, however it is spelt', () => {
  it('folds case, spaces and +tags into the one address', () => {
    for (const spelling of [
      'squat@example.test',
      ' Squat@Example.TEST ',
      'squat+1@example.test',
      'SQUAT+trip+2026@example.test',
      'squat+@example.test',
    ]) {
      expect(keyOf(spelling), spelling).toBe('squat@example.test');
    }
  });

  it('folds Gmail’s dots and googlemail.com, and looks for both domains', () => {
    expect(mailboxOf('A.n.N.Lee+tours@GoogleMail.com')).toEqual({
      key: 'annlee@gmail.com',
      domains: ['gmail.com', 'googlemail.com'],
    });
    expect(keyOf('ann.lee@gmail.com')).toBe(keyOf('annlee@gmail.com'));
  });

  it('keeps other providers’ dots, other domains and a leading + apart', () => {
    expect(keyOf('ann.lee@example.test')).not.toBe(keyOf('annlee@example.test'));
    expect(keyOf('ann@example.test')).not.toBe(keyOf('ann@example.org'));
    expect(keyOf('+ann@example.test')).toBe('+ann@example.test');
    expect(mailboxOf('ann@example.test').domains).toEqual(['example.test']);
  });
});
