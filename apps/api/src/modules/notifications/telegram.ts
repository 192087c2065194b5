/**
 * The outbox's Telegram transport: `telegram` messages (the bot's replies, chat notices to linked
 * chats; decision 059) go out with the Bot API's sendMessage, the recipient being the chat id
 * (decision 060). A non-2xx answer or `ok: false` throws, so the dispatcher counts an attempt:
 * permanent for a 400 (no such chat) or 403 (the bot was blocked), else temporary (a 429, the
 * Bot API down, a token an operator will fix).
 */
import { SendError, withoutSecrets, type OutboxTransport } from './outbox.ts';

const TELEGRAM_API_URL = 'https://api.telegram.org';

/** Telegram refuses longer texts (https://core.telegram.org/bots/api#sendmessage). */
const MAX_TEXT = 4096;

export interface TelegramOptions {
  /** The bot's token from @BotFather. */
  token: string;
  /** Where the Bot API answers (a proxy, or a test server); default api.telegram.org. */
  apiUrl?: string | undefined;
  timeoutMs?: number;
}

interface BotApiAnswer {
  ok?: boolean;
  error_code?: number;
  description?: string;
}

export function telegramTransport({
  token,
  apiUrl = TELEGRAM_API_URL,
  timeoutMs = 10_000,
}: TelegramOptions): OutboxTransport {
  const endpoint = `${apiUrl.replace(/\/+$/, '')}/bot${token}/sendMessage`;
  const fail = (reason: string, permanent = false) =>
    new SendError(`Telegram: ${withoutSecrets(reason, [token])}`, permanent);
  return {
    async send(message) {
      const text =
        message.body.length > MAX_TEXT ? `${message.body.slice(0, MAX_TEXT - 1)}…` : message.body;
      let response: Response;
      try {
        response = await fetch(endpoint, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ chat_id: message.recipient, text }),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
        throw fail(cause instanceof Error ? cause.message : String(cause));
      }
      const answer = (await response.json().catch(() => ({}))) as BotApiAnswer;
      if (!response.ok || answer.ok !== true) {
        const code = answer.error_code ?? response.status;
        throw fail(
          `sendMessage answered ${response.status}: ${answer.description ?? 'not ok'}`,
          code === 400 || code === 403,
        );
      }
    },
  };
}
