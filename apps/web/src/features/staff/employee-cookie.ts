import { serialize } from 'cookie';
import { EMPLOYEE_COOKIE } from '../../lib/visitor';

/** `document.cookie = ...` value that marks the browser as staff for a year, or unmarks it. */
export function employeeCookie(marked: boolean, secure: boolean): string {
  return serialize(EMPLOYEE_COOKIE, marked ? '1' : '', {
    path: '/',
    maxAge: marked ? 365 * 24 * 60 * 60 : 0,
    sameSite: 'lax',
    secure,
  });
}
