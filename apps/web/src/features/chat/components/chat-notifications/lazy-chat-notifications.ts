import { lazyComponent } from '../../../../lib/lazy-component';

/**
 * The notifications control as a chunk of its own: its panel, the messenger calls, the dropdown
 * and the dictionary stay out of the chat route's chunk and add no preload entry to the first
 * load. The server renders it with the conversation; the browser hydrates it when it arrives.
 */
export const LazyChatNotifications = lazyComponent(() =>
  import('./chat-notifications').then(({ ChatNotifications }) => ChatNotifications),
);
