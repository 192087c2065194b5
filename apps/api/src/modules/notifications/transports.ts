/**
 * The outbox transport an API process sends with (decision 060): e-mail by SMTP when `SMTP_URL`
 * is set, Telegram by the Bot API when `TELEGRAM_BOT_TOKEN` is set, and everything else (or
 * everything, when nothing is set) written to the log.
 */
import type { Env } from '#src/env.ts';
import { channelTransport, logTransport, type OutboxTransport } from './outbox.ts';
import { smtpTransport } from './smtp.ts';
import { telegramTransport } from './telegram.ts';

type TransportEnv = Pick<
  Env,
  'SMTP_URL' | 'MAIL_FROM' | 'TELEGRAM_BOT_TOKEN' | 'TELEGRAM_API_URL' | 'NODE_ENV'
>;

type LogFn = (details: object, message: string) => void;

export function outboxTransport(
  env: TransportEnv,
  log: { info: LogFn; warn: LogFn },
): OutboxTransport {
  const routes: Parameters<typeof channelTransport>[0] = {};
  if (env.SMTP_URL) routes.email = smtpTransport({ url: env.SMTP_URL, from: env.MAIL_FROM });
  if (env.TELEGRAM_BOT_TOKEN) {
    routes.telegram = telegramTransport({
      token: env.TELEGRAM_BOT_TOKEN,
      apiUrl: env.TELEGRAM_API_URL,
    });
  }
  // Where each channel goes, without the URL's password or the token.
  const details = {
    email: env.SMTP_URL ? `smtp ${new URL(env.SMTP_URL).host}` : 'log',
    telegram: env.TELEGRAM_BOT_TOKEN ? 'bot api' : 'log',
    others: 'log',
  };
  if (!env.SMTP_URL && env.NODE_ENV === 'production') {
    log.warn(details, 'outbox: SMTP_URL is unset, so e-mails are only written to the log');
  } else {
    log.info(details, 'outbox: transports');
  }
  return channelTransport(routes, logTransport(log));
}
