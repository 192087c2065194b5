/**
 * A sign-in login is an email or a phone (docs/product.md, Calls: `login`). Emails are compared
 * lower-cased; phones as `+` and digits, whatever spaces, dashes or brackets were typed.
 */
export type Login = { kind: 'email'; value: string } | { kind: 'phone'; value: string };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** `+1 (415) 555-0134` -> `+14155550134`; undefined when it is not 9 to 17 digits after a plus. */
export function normalizePhone(phone: string): string | undefined {
  const trimmed = phone.trim();
  if (!/^\+?[\d\s().-]+$/.test(trimmed)) return undefined;
  const digits = trimmed.replace(/\D/g, '');
  return /^\d{9,17}$/.test(digits) ? `+${digits}` : undefined;
}

/** Reads a login; undefined when it is neither a valid email nor a valid phone. */
export function parseLogin(login: string): Login | undefined {
  const trimmed = login.trim();
  if (trimmed.includes('@')) {
    const email = normalizeEmail(trimmed);
    return EMAIL.test(email) ? { kind: 'email', value: email } : undefined;
  }
  const phone = normalizePhone(trimmed);
  return phone ? { kind: 'phone', value: phone } : undefined;
}
