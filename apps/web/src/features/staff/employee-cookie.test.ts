import { describe, expect, it } from 'vitest';
import { isEmployeeBrowser } from '../../lib/visitor';
import { employeeCookie } from './employee-cookie';

describe('the team browser mark', () => {
  it('is a year-long, site-wide cookie, and removing it expires it', () => {
    expect(employeeCookie(true, true)).toBe(
      'gallop_employee=1; Max-Age=31536000; Path=/; Secure; SameSite=Lax',
    );
    expect(employeeCookie(false, false)).toBe('gallop_employee=; Max-Age=0; Path=/; SameSite=Lax');
  });

  it('is read from a cookie header', () => {
    expect(isEmployeeBrowser('a=1; gallop_employee=1')).toBe(true);
    expect(isEmployeeBrowser('gallop_employee=')).toBe(false);
    expect(isEmployeeBrowser(undefined)).toBe(false);
  });
});
