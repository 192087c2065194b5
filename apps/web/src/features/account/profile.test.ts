import { describe, expect, it } from 'vitest';
import { profileHasEmptyFields } from './profile';

const full = { first_name: 'Ann', last_name: 'Rider', is_email_set: true };

describe('profileHasEmptyFields', () => {
  it('is true when both names are missing or the e-mail is not set', () => {
    expect(profileHasEmptyFields({ ...full, first_name: null, last_name: null })).toBe(true);
    expect(profileHasEmptyFields({ ...full, first_name: ' ', last_name: '' })).toBe(true);
    expect(profileHasEmptyFields({ ...full, is_email_set: false })).toBe(true);
  });

  it('is false with one name and the e-mail', () => {
    expect(profileHasEmptyFields(full)).toBe(false);
    expect(profileHasEmptyFields({ ...full, first_name: null })).toBe(false);
    expect(profileHasEmptyFields({ ...full, last_name: null })).toBe(false);
  });
});
