import { describe, expect, it } from 'vitest';
import { formatDay, initials, possessive, trustBadges, UNVERIFIED } from './format';

describe('trustBadges', () => {
  it('shows each verification flag as verified or not', () => {
    expect(
      trustBadges({ ...UNVERIFIED, is_passport_verified: true, is_email_verified: true }).map(
        (badge) => [badge.label, badge.state],
      ),
    ).toEqual([
      ['Identity verified', 'verified'],
      ['Phone not verified', 'missing'],
      ['Email verified', 'verified'],
    ]);
  });

  it('tells a phone check in progress (check 3) from one not done', () => {
    expect(trustBadges({ ...UNVERIFIED, phone_check: 3 })[1]).toEqual({
      key: 'phone',
      label: 'Phone check in progress',
      state: 'pending',
    });
  });
});

describe('formatDay and initials', () => {
  it('prints a UTC day and two initials', () => {
    expect(formatDay('2026-10-13T23:15:00.000Z')).toBe('13 Oct 2026');
    expect(initials('noah  tanaka smith')).toBe('NT');
  });
});

describe('possessive', () => {
  it('adds an apostrophe alone after a name ending in s', () => {
    expect(possessive('Wyoming Horse Treks')).toBe("Wyoming Horse Treks'");
    expect(possessive('James Nielsen')).toBe("James Nielsen's");
    expect(possessive('ANDES TOURS')).toBe("ANDES TOURS'");
  });
});
