/**
 * One mailbox, however its address is spelt: the key the guest holds are counted by (decisions:
 * "Guest bookings"). Logins and contacts keep the address as typed (`normalizeEmail`); this key
 * only folds the spellings that reach the same inbox, so that `ann+1@…`, `ann+2@…` and, at
 * Gmail, `a.n.n@…` count as the one guest they are. It may fold two people together (a provider
 * without plus-addressing), which only makes their shared cap stricter: never looser.
 */
import { normalizeEmail } from '#src/modules/sessions/index.ts';

/** Gmail ignores dots in the local part, and googlemail.com is the same service. */
const GMAIL = 'gmail.com';
const GMAIL_DOMAINS: readonly string[] = [GMAIL, 'googlemail.com'];

export interface Mailbox {
  /** The folded address: `ann@example.com` for `Ann+trip@Example.com`. */
  key: string;
  /** The domains its spellings may be written with (Gmail has two). */
  domains: readonly string[];
}

/** `Ann.Lee+trip@GoogleMail.com` -> `annlee@gmail.com`; `ann+1@example.test` -> `ann@example.test`. */
export function mailboxOf(email: string): Mailbox {
  const address = normalizeEmail(email);
  const at = address.lastIndexOf('@');
  if (at <= 0) return { key: address, domains: [] };
  let local = address.slice(0, at);
  let domain = address.slice(at + 1);
  // A tag starts at the first `+` after at least one character (`+` alone is an address).
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  const gmail = GMAIL_DOMAINS.includes(domain);
  if (gmail) {
    domain = GMAIL;
    local = local.replaceAll('.', '') || local;
  }
  return { key: `${local}@${domain}`, domains: gmail ? GMAIL_DOMAINS : [domain] };
}
