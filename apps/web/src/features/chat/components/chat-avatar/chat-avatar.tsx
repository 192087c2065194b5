import { imageUrl } from '@gallop/ui-kit';
import type { Chat } from '../../api';
import { chatTitle, initials } from '../../format';
import '../chat.css';
import { LINE_ICON } from '../line-icon';

/** The organizer's picture, their initials, or the support mark. */
export function ChatAvatar({ chat, size = 44 }: { chat: Chat; size?: number }) {
  const image = chat.kind !== 'support' ? chat.organizer?.avatar?.image : undefined;
  if (image) {
    return (
      <img
        className="chat-avatar"
        src={imageUrl(image, '96x96')}
        width={size}
        height={size}
        alt=""
        loading="lazy"
      />
    );
  }
  return (
    <span
      className={`chat-avatar chat-avatar--initials${chat.kind === 'support' ? ' chat-avatar--support' : ''}`}
      style={{ width: size, height: size }}
      aria-hidden="true"
    >
      {chat.kind === 'support' ? <SupportIcon /> : initials(chatTitle(chat))}
    </span>
  );
}

function SupportIcon() {
  return (
    <svg {...LINE_ICON} width="22" height="22">
      <path d="M4 13v-1a8 8 0 0 1 16 0v1" />
      <rect x="3" y="13" width="4" height="6" rx="1.5" />
      <rect x="17" y="13" width="4" height="6" rx="1.5" />
      <path d="M19 19c0 1.5-2 2.5-5 2.5" />
    </svg>
  );
}
