import type { ChatConnection } from '@gallop/chat';
import { Button, CopyToClipboard, Spinner } from '@gallop/ui-kit';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useApi } from '../../../../lib/api';
import { failureText } from '../../../../lib/failure-text';
import type { Chat, ChatMessage } from '../../api';
import {
  applyNotificationsEnabled,
  connectHref,
  disableChatNotifications,
  messengerChannelsQuery,
  notificationChatsQuery,
  notificationsOf,
  requestConnectionCode,
  type MessengerChannel,
} from '../../notifications';
import { useChatRealtime } from '../../realtime';

export interface ChatNotificationsProps {
  chat: Chat;
  /** The chat's name as the conversation shows it. */
  title: string;
  /** The tab's socket; by default the app's (none in tests and before it connects). */
  connection?: ChatConnection<ChatMessage, Chat> | null;
}

/**
 * The control's words. The chat's interface is English only (like its other texts); kept in one
 * place so a dictionary can take them over. Not through `useT`: it would make the i18n provider
 * a chunk shared with the search page, one more preload entry in the first load.
 */
const TEXTS = {
  triggerOff: 'Notify me',
  triggerOn: 'Notifications on',
  panelLabel: 'Messenger notifications',
  offerTitle: 'Get replies in a messenger',
  offerText: (name: string) =>
    `We will send new messages from ${name} to your messenger too, so you never miss a reply.`,
  linked: 'Linked',
  channelsError: 'The messengers could not be loaded.',
  noChannels: 'No messenger can deliver notifications right now.',
  retry: 'Try again',
  codeError: (messenger: string, reason: string) =>
    `We could not get a code for ${messenger}. ${reason}`,
  codeTitle: (messenger: string) => `Connect ${messenger}`,
  stepOpen: (messenger: string) => `Open our bot in ${messenger}`,
  openButton: (messenger: string) => `Open ${messenger}`,
  stepSend: 'Send it this code',
  codeLabel: 'Connection code',
  copy: 'Copy code',
  copied: 'Copied',
  copyFailed: 'Could not copy: select the code and copy it yourself.',
  codeHint: 'The code works once, for 15 minutes. This panel updates as soon as the bot has it.',
  otherMessenger: 'Choose another messenger',
  onTitle: 'Replies arrive in your messenger',
  onText: (name: string, messengers: string[]) =>
    `New messages from ${name} reach you in ${messengers.join(', ') || 'your messenger'} as well as here.`,
  turnOff: 'Turn off',
  turnOffError: (reason: string) => `Notifications are still on. ${reason}`,
  announceOn: 'Notifications are on: replies arrive in your messenger.',
  announceOff: 'Messenger notifications are off for this conversation.',
};

interface PendingCode {
  channel: MessengerChannel;
  code: string;
}

/**
 * The open chat's messenger notifications: a bell in the conversation's header opening a panel
 * that offers to send replies to a messenger (a one-time code for the messenger's bot) or, once
 * a messenger gets them, says so and turns them off. Activation in the messenger shows up live.
 */
export function ChatNotifications({ chat, title: name, connection }: ChatNotificationsProps) {
  const api = useApi();
  const queryClient = useQueryClient();
  const realtime = useChatRealtime();
  const socket = connection === undefined ? realtime?.connection : connection;
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState<PendingCode | null>(null);
  const [requesting, setRequesting] = useState<number | null>(null);
  const [turningOff, setTurningOff] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const heading = useRef<HTMLParagraphElement>(null);
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  // A popover, not ui-kit's Dropdown: that one closes on any scroll, and the conversation scrolls
  // by itself when a message or a photo arrives, which would hide the code being copied.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  // While a code waits for the bot, coming back to the tab asks again (no socket needed).
  const list = useQuery({
    ...notificationChatsQuery(api),
    refetchOnWindowFocus: pending ? 'always' : true,
  });
  // `useQuery`: loaded when the panel opens.
  const channels = useQuery({ ...messengerChannelsQuery(api), enabled: open });
  const { enabled } = notificationsOf(chat, list.data);
  const view = enabled ? 'on' : pending ? 'code' : 'offer';

  useEffect(() => {
    if (!socket) return;
    return socket.on('crm_user_chat_notifications_enabled', ({ chat_id, enabled: on }) =>
      applyNotificationsEnabled(queryClient, api, chat_id, on),
    );
  }, [socket, queryClient, api]);

  // A change of state, wherever it came from, is announced; the code is done with once on. The
  // list's first answer only confirms (or corrects) what the page showed: not a change.
  const shown = useRef<boolean | undefined>(undefined);
  const settled = !list.isPending;
  useEffect(() => {
    if (!settled) return;
    const before = shown.current;
    shown.current = enabled;
    if (before === undefined || before === enabled) return;
    setError(null);
    if (enabled) setPending(null);
    setAnnouncement(enabled ? TEXTS.announceOn : TEXTS.announceOff);
  }, [enabled, settled]);

  // Focus follows the panel's content when it changes under the user's hands.
  const lastView = useRef(view);
  useEffect(() => {
    if (lastView.current === view) return;
    lastView.current = view;
    heading.current?.focus({ preventScroll: true });
  }, [view]);

  const connect = async (channel: MessengerChannel) => {
    if (channel.source_id === undefined) return;
    setRequesting(channel.source_id);
    setError(null);
    try {
      setPending({ channel, code: await requestConnectionCode(api, channel.source_id) });
    } catch (failure) {
      setError(TEXTS.codeError(channel.title, failureText(failure)));
    } finally {
      setRequesting(null);
    }
  };

  const turnOff = async () => {
    setTurningOff(true);
    setError(null);
    try {
      await disableChatNotifications(api, chat.id);
      applyNotificationsEnabled(queryClient, api, chat.id, false);
    } catch (failure) {
      setError(TEXTS.turnOffError(failureText(failure)));
    } finally {
      setTurningOff(false);
    }
  };

  const linked = (channels.data ?? []).filter((channel) => channel.is_connected);
  const errorLine = error && (
    <p className="chat-notify__error" role="alert">
      {error}
    </p>
  );

  return (
    <div
      ref={root}
      className="chat-notify"
      data-state={enabled ? 'on' : 'off'}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !open) return;
        event.stopPropagation();
        setOpen(false);
        trigger.current?.focus();
      }}
    >
      <button
        ref={trigger}
        type="button"
        className="chat-notify__trigger"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen(!open)}
      >
        <BellIcon on={enabled} />
        <span className="chat-notify__trigger-text">
          {enabled ? TEXTS.triggerOn : TEXTS.triggerOff}
        </span>
      </button>
      {open && (
        <div id={panelId} role="group" aria-label={TEXTS.panelLabel} className="chat-notify__panel">
          {view === 'on' && (
            <>
              <p ref={heading} tabIndex={-1} className="chat-notify__title">
                {TEXTS.onTitle}
              </p>
              <p className="chat-notify__text">
                {TEXTS.onText(
                  name,
                  linked.map((channel) => channel.title),
                )}
              </p>
              {errorLine}
              <Button
                theme="ghost"
                size="sm"
                loading={turningOff}
                onClick={() => void turnOff()}
                className="chat-notify__off"
              >
                {TEXTS.turnOff}
              </Button>
            </>
          )}
          {view === 'code' && pending && (
            <ConnectionCode
              pending={pending}
              headingRef={heading}
              onBack={() => setPending(null)}
            />
          )}
          {view === 'offer' && (
            <>
              <p ref={heading} tabIndex={-1} className="chat-notify__title">
                {TEXTS.offerTitle}
              </p>
              <p className="chat-notify__text">{TEXTS.offerText(name)}</p>
              {channels.isPending ? (
                <div className="chat-notify__loading">
                  <Spinner size={20} />
                </div>
              ) : channels.isError ? (
                <div className="chat-notify__failed">
                  <p role="alert">{TEXTS.channelsError}</p>
                  <Button theme="ghost" size="sm" onClick={() => void channels.refetch()}>
                    {TEXTS.retry}
                  </Button>
                </div>
              ) : channels.data.length === 0 ? (
                <p className="chat-notify__text">{TEXTS.noChannels}</p>
              ) : (
                <ul className="chat-notify__channels">
                  {channels.data.map((channel) => (
                    <li key={channel.source}>
                      {channel.source_id === undefined ? (
                        // Linked earlier, but its bot takes no new code: shown, not offered.
                        <div className="chat-notify__channel" data-source={channel.source}>
                          <ChannelLabel channel={channel} />
                        </div>
                      ) : (
                        <button
                          type="button"
                          className="chat-notify__channel"
                          data-source={channel.source}
                          disabled={requesting !== null}
                          aria-busy={requesting === channel.source_id || undefined}
                          onClick={() => void connect(channel)}
                        >
                          <ChannelLabel channel={channel} />
                          {requesting === channel.source_id ? (
                            <Spinner decorative size="1em" />
                          ) : (
                            <Icon size={16} strokeWidth={2}>
                              <path d="M9 6l6 6-6 6" />
                            </Icon>
                          )}
                        </button>
                      )}
                    </li>
                  ))}
                </ul>
              )}
              {errorLine}
            </>
          )}
        </div>
      )}
      <div className="gk-visually-hidden" aria-live="polite" aria-atomic="true">
        {announcement}
      </div>
    </div>
  );
}

/** A messenger of the list: its colour dot, its name and whether it is linked. */
function ChannelLabel({ channel }: { channel: MessengerChannel }) {
  return (
    <>
      <span className="chat-notify__dot" aria-hidden="true" />
      <span className="chat-notify__channel-name">{channel.title}</span>
      {channel.is_connected && <span className="chat-notify__linked">{TEXTS.linked}</span>}
    </>
  );
}

/** The two steps with a code: open the bot, send it the code (copied with one press). */
function ConnectionCode({
  pending: { channel, code },
  headingRef,
  onBack,
}: {
  pending: PendingCode;
  headingRef: RefObject<HTMLParagraphElement | null>;
  onBack: () => void;
}) {
  const [copyFailed, setCopyFailed] = useState(false);
  const href = connectHref(channel, code);
  const messenger = channel.title;
  return (
    <>
      <p ref={headingRef} tabIndex={-1} className="chat-notify__title">
        {TEXTS.codeTitle(messenger)}
      </p>
      <ol className="chat-notify__steps">
        {href && (
          <li>
            <span className="chat-notify__step-text">{TEXTS.stepOpen(messenger)}</span>
            <a
              href={href}
              target="_blank"
              rel="noopener noreferrer"
              className="gk-button gk-button--primary gk-button--sm chat-notify__open"
            >
              <span className="gk-button__label">{TEXTS.openButton(messenger)}</span>
            </a>
          </li>
        )}
        <li>
          <span className="chat-notify__step-text">{TEXTS.stepSend}</span>
          <span className="chat-notify__code-row">
            <span className="gk-visually-hidden">{TEXTS.codeLabel}: </span>
            <code className="chat-notify__code">{code}</code>
            <CopyToClipboard
              text={code}
              label={TEXTS.copy}
              copiedLabel={TEXTS.copied}
              onCopy={() => setCopyFailed(false)}
              onError={() => setCopyFailed(true)}
            />
          </span>
          {copyFailed && (
            <span className="chat-notify__error" role="alert">
              {TEXTS.copyFailed}
            </span>
          )}
        </li>
      </ol>
      <p className="chat-notify__hint">{TEXTS.codeHint}</p>
      <button type="button" className="chat-notify__back" onClick={onBack}>
        {TEXTS.otherMessenger}
      </button>
    </>
  );
}

function BellIcon({ on }: { on: boolean }) {
  return (
    <Icon size={18} className="chat-notify__bell">
      <path d="M6 9a6 6 0 0 1 12 0c0 4.5 1.5 6.5 2.5 7.5h-17C4.5 15.5 6 13.5 6 9z" />
      <path d="M10 19.5a2 2 0 0 0 4 0" />
      {on && <path d="M9.5 10.5l1.8 1.8 3.4-3.6" />}
    </Icon>
  );
}

/**
 * The chat's line-icon look (../line-icon.ts). Not imported: that module is in the chat route's
 * chunk, and importing from it would rename the route chunk's export in the first load.
 */
function Icon({
  size,
  strokeWidth = 1.8,
  className,
  children,
}: {
  size: number;
  strokeWidth?: number;
  className?: string;
  children: ReactNode;
}) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      className={className}
    >
      {children}
    </svg>
  );
}
