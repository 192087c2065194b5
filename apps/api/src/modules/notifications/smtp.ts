/**
 * The outbox's e-mail transport: plain-text messages, with their files attached, through an SMTP
 * server with nodemailer (decision 060). One connection per message; a refused or failed send
 * throws, so the dispatcher counts an attempt: permanent when the server refuses the recipient
 * for good (a 5xx to RCPT TO), else temporary (a 4xx such as greylisting, a relay down, a wrong
 * login an operator will fix).
 */
import type { Transporter } from 'nodemailer';
import { SendError, withoutSecrets, type OutboxMessage, type OutboxTransport } from './outbox.ts';

export interface SmtpOptions {
  /** `smtp://` (STARTTLS when the server offers it) or `smtps://` (TLS), with user:password. */
  url: string;
  /** The From of every message, e.g. `Gallop <no-reply@gallop.example>`. */
  from: string;
}

/**
 * Seconds, not nodemailer's minutes: a send must end well inside the dispatcher's claim
 * (`CLAIM_MS`). The URL's query (`?socketTimeout=...`) may still override them.
 */
const TIMEOUTS = {
  connectionTimeout: 10_000,
  greetingTimeout: 10_000,
  dnsTimeout: 10_000,
  socketTimeout: 30_000,
};

/** The unfollow link a writer stored with the message (`payload.unsubscribeUrl`), if a URL. */
function unsubscribeUrlOf(message: OutboxMessage): string | undefined {
  const value = message.payload.unsubscribeUrl;
  if (typeof value !== 'string') return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** The password of the URL, as written and decoded: what must never reach the log. */
function secretsOf(url: string): string[] {
  const { password } = new URL(url);
  if (password === '') return [];
  try {
    return [password, decodeURIComponent(password)];
  } catch {
    return [password];
  }
}

/** The domain of the From address (`Gallop <no-reply@gallop.example>` → `gallop.example`). */
function domainOf(from: string): string {
  return /@([^@<>\s]+)>?\s*$/.exec(from)?.[1] ?? 'gallop.invalid';
}

/**
 * One Message-ID per outbox row, however often it is sent: a message sent again after a crash
 * (the server took it, `sent_at` was never written) is then a duplicate mail systems can drop.
 * The row's creation time keeps two databases' rows of the same id apart.
 */
export function messageIdOf(message: Pick<OutboxMessage, 'id' | 'createdAt'>, from: string) {
  return `<outbox.${message.id}.${message.createdAt.getTime()}@${domainOf(from)}>`;
}

/** A refusal of the recipient itself (550 no such mailbox ...): no later attempt can help. */
function refusesRecipient(error: unknown): boolean {
  const { command, responseCode } = (error ?? {}) as { command?: unknown; responseCode?: unknown };
  return command === 'RCPT TO' && typeof responseCode === 'number' && responseCode >= 500;
}

export function smtpTransport({ url, from }: SmtpOptions): OutboxTransport {
  // nodemailer is loaded with the first message, not at every start.
  let transporter: Promise<Transporter> | undefined;
  const transporterOf = () =>
    (transporter ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({ ...TIMEOUTS, url }),
    ));
  const secrets = secretsOf(url);
  return {
    async send(message) {
      const unsubscribeUrl = unsubscribeUrlOf(message);
      try {
        await (
          await transporterOf()
        ).sendMail({
          from,
          to: message.recipient,
          messageId: messageIdOf(message, from),
          subject: message.subject,
          text: message.body,
          attachments: (message.attachments ?? []).map((file) => ({
            filename: file.filename,
            content: file.content,
            contentType: file.contentType,
          })),
          // RFC 2369, and RFC 8058's one-click: a mail client POSTs List-Unsubscribe=One-Click to
          // the same /unfollow address, which the web server turns into the API's unfollow; a
          // GET only opens the page that asks first (decision 060).
          ...(unsubscribeUrl && {
            list: { unsubscribe: unsubscribeUrl },
            headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
          }),
        });
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        // No `cause`: nodemailer's error may hold the server's answer with the password in it.
        throw new SendError(`SMTP: ${withoutSecrets(reason, secrets)}`, refusesRecipient(error));
      }
    },
  };
}
