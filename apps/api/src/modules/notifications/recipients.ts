/**
 * Recipients as the log may show them: enough to tell one message from another, not enough to
 * write to anyone (docs/security.md, "Logs hold no codes").
 */

/** `traveller@gallop.test` → `t***@gallop.test`; a phone or chat id keeps its last 2 digits. */
export function maskRecipient(recipient: string): string {
  const at = recipient.lastIndexOf('@');
  if (at > 0) return `${recipient[0]}***${recipient.slice(at)}`;
  const digits = recipient.replace(/\D/g, '');
  return digits.length > 4 ? `***${digits.slice(-2)}` : '***';
}
