/**
 * The outbox transport an API process sends with (decision 060): e-mail by SMTP when `SMTP_URL`
 * is set, Telegram by the Bot API when `TELEGRAM_BOT_TOKEN` is set. The other channels (SMS,
 * WhatsApp, VK, and those two when unconfigured) have no transport: in development their
 * messages are written to the log whole (and listed at /dev/outbox), in production they are not
 * sent, and only a line without their text says so (a sign-in code in the log would let anyone
 * who reads logs sign in).
 */
import type { Env } from '#src/env.ts';
import {
  channelTransport,
  logTransport,
  noTransport,
  type OutboxChannel,
  type OutboxTransport,
} from './outbox.ts';
import { smtpTransport } from './smtp.ts';
import { telegramTransport } from './telegram.ts';

type TransportEnv = Pick<
  Env,
  'SMTP_URL' | 'MAIL_FROM' | 'TELEGRAM_BOT_TOKEN' | 'TELEGRAM_API_URL' | 'NODE_ENV'
>;

type LogFn = (details: object, message: string) => void;

const ALL_CHANNELS: readonly OutboxChannel[] = ['email', 'sms', 'whatsapp', 'telegram', 'vk'];

/** Messages only really leave in production; elsewhere the log and /dev/outbox stand in. */
const sendsForReal = (env: Pick<Env, 'NODE_ENV'>) => env.NODE_ENV === 'production';

/**
 * The channels that can bring a one-time code (or an ordered programme) to an e-mail address or
 * a phone number the traveller typed, so the sign-in and phone forms and the programme order
 * offer no other. Outside production every one (the log and /dev/outbox show the message); in
 * production e-mail with SMTP, and nothing else: SMS, WhatsApp and VK have no transport, and the
 * Telegram bot writes to chat ids, not phones.
 */
export function channelsReachingLogins(
  env: Pick<Env, 'NODE_ENV' | 'SMTP_URL'>,
): readonly OutboxChannel[] {
  if (!sendsForReal(env)) return ALL_CHANNELS;
  return env.SMTP_URL ? ['email'] : [];
}

export function outboxTransport(
  env: TransportEnv,
  log: { info: LogFn; warn: LogFn },
): OutboxTransport {
  const routes: Parameters<typeof channelTransport>[0] = {};
  if (env.SMTP_URL) {
    routes.email = smtpTransport({ url: env.SMTP_URL, from: env.MAIL_FROM });
  }
  if (env.TELEGRAM_BOT_TOKEN) {
    routes.telegram = telegramTransport({
      token: env.TELEGRAM_BOT_TOKEN,
      apiUrl: env.TELEGRAM_API_URL,
    });
  }
  const unrouted = sendsForReal(env) ? 'not sent' : 'log';
  // Where each channel goes, without the URL's password or the token.
  const details = {
    email: env.SMTP_URL ? `smtp ${new URL(env.SMTP_URL).host}` : unrouted,
    telegram: env.TELEGRAM_BOT_TOKEN ? 'bot api' : unrouted,
    others: unrouted,
  };
  if (!env.SMTP_URL && sendsForReal(env)) {
    log.warn(
      details,
      'outbox: SMTP_URL is unset, so e-mails are not sent and sign-in codes are not offered',
    );
  } else {
    log.info(details, 'outbox: transports');
  }
  return channelTransport(routes, sendsForReal(env) ? noTransport : logTransport(log));
}
