import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useApi } from '../../../../lib/api';
import { unreadCountQuery } from '../../unread';
import { LINE_ICON } from '../line-icon';

/**
 * 'Messages' in the site header for a signed-in user, with the unread count (loaded once, then
 * kept current by the realtime events). Uses the header's icon-link look.
 */
export function MessagesLink({ signedIn }: { signedIn: boolean }) {
  const api = useApi();
  // `useQuery`: only signed in, and 0 until the count arrives.
  const { data: count = 0 } = useQuery({ ...unreadCountQuery(api), enabled: signedIn });
  if (!signedIn) return null;
  return (
    <Link
      to="/chat/{-$id}"
      params={{}}
      className="site-header__icon-link site-header__messages"
      aria-label={count > 0 ? `Messages (${count} unread)` : 'Messages'}
      data-testid="messages-link"
    >
      <span className="site-header__icon">
        <svg {...LINE_ICON} width="22" height="22">
          <path d="M4 5h16v11H9l-5 4z" />
        </svg>
        {count > 0 && (
          <span className="site-header__count" aria-hidden="true">
            {count > 99 ? '99+' : count}
          </span>
        )}
      </span>
    </Link>
  );
}
