import {
  Button,
  CopyToClipboard,
  Field,
  Form,
  MediaViewer,
  PhotoPreview,
  type MediaItem,
} from '@gallop/ui-kit';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useId, useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { CHAT_PHOTOS } from './scenery';
// The kit's own hidden-but-read class, not a copy of it.
import '@gallop/ui-kit/internal/visually-hidden.css';
import './chat-thread.css';

interface Person {
  name: string;
  /** Shown in the avatar; the name is read instead. */
  initials: string;
}

const ORGANIZER: Person = { name: 'Bat-Erdene, Steppe Riders', initials: 'SR' };
/** The traveller reading the thread: their messages are "You" to a screen reader. */
const YOU: Person = { name: 'You', initials: 'EW' };

interface Message {
  id: string;
  from: Person;
  /** Local date and time, as `<time dateTime>` takes it. */
  sentAt: string;
  text: string;
  photos?: readonly MediaItem[];
}

const THREAD: readonly Message[] = [
  {
    id: 'm1',
    from: YOU,
    sentAt: '2027-03-02T09:14',
    text: "Hello! We've just sent a request for 12–19 June for two riders. Tom rides at intermediate level, but I haven't cantered for a couple of years. Is the Gobi crossing still right for us?",
  },
  {
    id: 'm2',
    from: ORGANIZER,
    sentAt: '2027-03-02T09:41',
    text: 'Hello Eleanor, thank you for the request! The first two days are mostly walk and trot along the valley, so there is time to settle in. I will pair you with Saraana, our calmest mare.',
  },
  {
    id: 'm3',
    from: ORGANIZER,
    sentAt: '2027-03-02T09:43',
    text: 'Here are the first camp and the herd from last season.',
    photos: CHAT_PHOTOS,
  },
  {
    id: 'm4',
    from: YOU,
    sentAt: '2027-03-02T10:02',
    text: 'Those look wonderful. Do we need to bring our own helmets?',
  },
  {
    id: 'm5',
    from: ORGANIZER,
    sentAt: '2027-03-02T10:20',
    text: 'We have helmets in every size at the camp, but bring yours if you prefer it. I have confirmed your dates: the prepayment details are on their way by e-mail.',
  },
];

/** "09:41" from "2027-03-02T09:41". */
const clockTime = (sentAt: string) => sentAt.slice(11, 16);

interface ChatThreadProps {
  /** The messages so far, oldest first. */
  messages: readonly Message[];
  /** When a message sent now is stamped (the story's clock). */
  now: string;
}

function ChatThread({ messages: initial, now }: ChatThreadProps) {
  const [messages, setMessages] = useState(initial);
  const [viewing, setViewing] = useState<{ photos: readonly MediaItem[]; index: number }>();
  const sent = messages.length - initial.length;
  const titleId = useId();
  const dayId = useId();
  return (
    <section className="pattern-chat" aria-labelledby={titleId}>
      <header className="pattern-chat__header">
        <span className="pattern-chat__avatar" aria-hidden="true">
          {ORGANIZER.initials}
        </span>
        <div className="pattern-chat__who">
          <h2 id={titleId} className="pattern-chat__title">
            Steppe Riders
          </h2>
          <p className="pattern-chat__subtitle">Organizer in Ulaanbaatar, Mongolia</p>
        </div>
      </header>
      <div className="pattern-chat__booking">
        <p>
          <strong>Gobi crossing on Mongolian horses</strong> · 12–19 June 2027 · 2 riders
        </p>
        <p className="pattern-chat__reference">
          Request GL-48213
          <CopyToClipboard text="GL-48213" aria-label="Copy request number GL-48213" />
        </p>
      </div>

      <div className="pattern-chat__log" role="log" aria-label="Messages">
        <h3 id={dayId} className="pattern-chat__day">
          Tuesday 2 March
        </h3>
        <ol className="pattern-chat__messages" aria-labelledby={dayId}>
          {messages.map((message, index) => (
            <ChatMessage
              key={message.id}
              message={message}
              continued={messages[index - 1]?.from === message.from}
              onOpenPhoto={(photo) => setViewing({ photos: message.photos ?? [], index: photo })}
            />
          ))}
        </ol>
      </div>

      {/* A new key after each send starts the box empty again. */}
      <Form<{ message: string }>
        key={sent}
        className="pattern-chat__composer"
        defaultValues={{ message: '' }}
        mode="passive"
        onSubmit={({ message }) =>
          setMessages((shown) => [
            ...shown,
            { id: `sent-${shown.length}`, from: YOU, sentAt: now, text: message.trim() },
          ])
        }
      >
        <Field
          name="message"
          label={<span className="gk-visually-hidden">Message to Steppe Riders</span>}
          rules="required|max:5000"
          messages={{ required: 'Write a message first' }}
          render={({ ref, ...control }) => (
            <textarea
              {...control}
              ref={ref}
              value={String(control.value ?? '')}
              rows={2}
              placeholder="Write to Steppe Riders…"
              className="gk-input pattern-chat__input"
              // After a send the new box takes the focus back, ready for the next line.
              autoFocus={sent > 0}
            />
          )}
        />
        <Button type="submit" theme="primary">
          Send
        </Button>
      </Form>

      {viewing && (
        <MediaViewer
          items={viewing.photos}
          startIndex={viewing.index}
          isOpen
          onClose={() => setViewing(undefined)}
          label="Photos from Steppe Riders"
        />
      )}
    </section>
  );
}

interface ChatMessageProps {
  message: Message;
  /** The previous message is from the same person: the face and the name are not repeated. */
  continued: boolean;
  onOpenPhoto: (index: number) => void;
}

function ChatMessage({ message, continued, onOpenPhoto }: ChatMessageProps) {
  const own = message.from === YOU;
  const classes = [
    'pattern-message',
    own && 'pattern-message--own',
    continued && 'pattern-message--continued',
  ]
    .filter(Boolean)
    .join(' ');
  // Seen or not, every message names its author for screen readers.
  const authorHidden = own || continued;
  return (
    <li className={classes}>
      {!own && (
        <span
          className="pattern-chat__avatar pattern-chat__avatar--small pattern-message__avatar"
          aria-hidden="true"
        >
          {message.from.initials}
        </span>
      )}
      <p className={authorHidden ? 'gk-visually-hidden' : 'pattern-message__author'} data-author>
        {message.from.name}
      </p>
      <div className="pattern-message__bubble">
        <p className="pattern-message__text">{message.text}</p>
        {message.photos && <PhotoPreview photos={message.photos} onOpen={onOpenPhoto} />}
      </div>
      <p className="pattern-message__meta">
        <time dateTime={message.sentAt}>{clockTime(message.sentAt)}</time>
      </p>
    </li>
  );
}

const meta = {
  title: 'Patterns/Chat thread',
  component: ChatThread,
  tags: ['autodocs'],
  parameters: {
    layout: 'padded',
    docs: {
      description: {
        component: `A booking's conversation between a traveller and the tour's organizer: who
they are talking to, the request it is about, the messages of the day and a box to write the
next one. The traveller's own messages are on the right in the brand colour; a run of messages
from one person shows the face and the name once, and a screen reader still hears each
message's author and time.

Built from \`CopyToClipboard\` (the request number), \`PhotoPreview\` and \`MediaViewer\` (the
organizer's photos), and \`Form\`, \`Field\` and a \`primary\` \`Button\` for the reply; the
bubbles are plain markup on the kit's tokens (\`--gk-color-brand\`, \`--gk-color-surface-muted\`,
\`--gk-radius-*\`, \`--gk-space-*\`) inside a \`role="log"\` list, so new messages are
announced.`,
      },
    },
  },
  args: { messages: THREAD, now: '2027-03-02T10:31' },
  argTypes: { messages: { control: 'object' } },
} satisfies Meta<typeof ChatThread>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The day's messages in the log, oldest first (not the photo previews' list items inside them). */
function messagesIn(canvas: ReturnType<typeof within>): HTMLElement[] {
  const log = within(canvas.getByRole('log', { name: 'Messages' }));
  const day = log.getByRole('list', { name: 'Tuesday 2 March' });
  return [...day.querySelectorAll<HTMLElement>(':scope > li')];
}

/** The first morning of a booking's conversation, oldest message first. */
export const Thread: Story = {
  play: async ({ args, canvas }) => {
    const items = messagesIn(canvas);
    await expect(
      items.map((item) => item.querySelector('.pattern-message__text')?.textContent),
    ).toEqual(args.messages.map((message) => message.text));
    let previous = '';
    for (const [index, item] of items.entries()) {
      const message = args.messages[index]!;
      // Each message names its author where a screen reader reads it, hidden or not.
      const author = item.querySelector('[data-author]');
      await expect(author).toHaveTextContent(message.from.name);
      await expect(author?.closest('[aria-hidden="true"]')).toBeNull();
      const time = within(item).getByText(clockTime(message.sentAt));
      await expect(time.tagName).toBe('TIME');
      await expect(time).toHaveAttribute('datetime', message.sentAt);
      await expect(message.sentAt > previous).toBe(true);
      previous = message.sentAt;
    }
    // On screen the organizer's name shows once for each run of their messages (2 and 3, 5);
    // the others are clipped to a pixel, for screen readers only.
    const onScreen = (node: HTMLElement) => node.getBoundingClientRect().width > 1;
    await expect(canvas.getAllByText(ORGANIZER.name).filter(onScreen)).toHaveLength(2);
  },
};

/** A reply goes to the end of the thread, stamped now, and the box is empty again. */
export const Reply: Story = {
  play: async ({ args, canvas }) => {
    const box = canvas.getByRole('textbox', { name: 'Message to Steppe Riders' });
    await userEvent.type(box, 'Perfect, thank you. See you in June!');
    await userEvent.click(canvas.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(messagesIn(canvas)).toHaveLength(args.messages.length + 1));
    const last = messagesIn(canvas).at(-1)!;
    await expect(last).toHaveTextContent('Perfect, thank you. See you in June!');
    await expect(last.querySelector('[data-author]')).toHaveTextContent('You');
    await expect(within(last).getByText('10:31')).toHaveAttribute('datetime', args.now);
    const emptied = canvas.getByRole('textbox', { name: 'Message to Steppe Riders' });
    await expect(emptied).toHaveValue('');
    await expect(emptied).toHaveFocus();
  },
};

/** A photo opens the viewer at that photo; Escape closes it. */
export const OpenPhoto: Story = {
  play: async ({ canvas, canvasElement }) => {
    const previews = within(canvas.getByRole('log', { name: 'Messages' })).getAllByRole('button');
    await userEvent.click(previews[1]!);
    const viewer = await within(canvasElement.ownerDocument.body).findByRole('dialog', {
      name: 'Photos from Steppe Riders',
    });
    // The viewer fades in (MEDIA_VIEWER_TRANSITION_MS).
    await waitFor(() =>
      expect(within(viewer).getByRole('img', { name: CHAT_PHOTOS[1]!.alt })).toBeVisible(),
    );
    await userEvent.keyboard('{Escape}');
    await waitFor(() =>
      expect(canvasElement.ownerDocument.querySelector('[role="dialog"]')).toBeNull(),
    );
  },
};
