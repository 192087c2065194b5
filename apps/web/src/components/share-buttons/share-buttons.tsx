import { useRouter } from '@tanstack/react-router';
import { siteUrl } from '../../lib/site';
import { useHydrated } from '../../lib/use-hydrated';
import './share-buttons.css';

/** Where a page can be shared; the site offers Facebook, X and e-mail. */
export type ShareNetwork = 'facebook' | 'x' | 'email';

const SITE_SHARE_NETWORKS: readonly ShareNetwork[] = ['facebook', 'x', 'email'];

/**
 * The networks' own share addresses: plain links, so no third-party script runs on the page and
 * nothing is sent anywhere until the visitor clicks.
 */
export function shareUrl(network: ShareNetwork, url: string, title: string): string {
  switch (network) {
    case 'facebook':
      return `https://www.facebook.com/sharer/sharer.php?${new URLSearchParams({ u: url })}`;
    case 'x':
      return `https://x.com/intent/tweet?${new URLSearchParams({ url, text: title })}`;
    case 'email':
      // mailto wants %20 for spaces, not URLSearchParams' `+`.
      return `mailto:?subject=${encodeURIComponent(title)}&body=${encodeURIComponent(`${title}\n${url}`)}`;
  }
}

const NETWORKS: Record<ShareNetwork, { name: string; label: string; icon: string }> = {
  facebook: {
    name: 'Facebook',
    label: 'Share on Facebook',
    icon: 'M13.4 21v-7.7H16l.4-3h-3V8.4c0-.9.3-1.5 1.5-1.5h1.6V4.2c-.3 0-1.2-.1-2.3-.1-2.3 0-3.9 1.4-3.9 4v2.2H7.8v3h2.5V21h3.1z',
  },
  x: {
    name: 'X',
    label: 'Share on X',
    icon: 'M17.8 3h3.1l-6.8 7.8 8 10.2h-6.3l-4.9-6.4L5.3 21H2.2l7.3-8.3L1.8 3h6.4l4.4 5.8L17.8 3zm-1.1 16.2h1.7L7.3 4.7H5.5l11.2 14.5z',
  },
  email: {
    name: 'E-mail',
    label: 'Share by e-mail',
    icon: 'M3 5h18a1 1 0 0 1 1 1v12a1 1 0 0 1-1 1H3a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1zm1 2.4V17h16V7.4l-8 5.4-8-5.4zM5.9 7l6.1 4.1L18.1 7H5.9z',
  },
};

export interface ShareButtonsProps {
  /** The page's path on the site (`/altai-horse-trek-7`). */
  path: string;
  /** What the share says: the page's title. */
  title: string;
  /** The group's name for screen readers, e.g. 'Share this tour'. */
  label?: string;
  networks?: readonly ShareNetwork[];
  className?: string;
}

/** The public origin the server was given, else (after hydration) the page's own. */
function useShareOrigin(): string | undefined {
  // Outside a router (isolated tests) there is no site config.
  const router = useRouter({ warn: false }) as ReturnType<typeof useRouter> | undefined;
  const configured = router?.options.context.site?.publicUrl;
  const hydrated = useHydrated();
  if (configured) return configured;
  return hydrated ? window.location.origin : undefined;
}

/** Share links for a page: Facebook and X in a new tab, e-mail in the visitor's mail program. */
export function ShareButtons({
  path,
  title,
  label = 'Share',
  networks = SITE_SHARE_NETWORKS,
  className,
}: ShareButtonsProps) {
  const url = siteUrl(path, useShareOrigin());
  return (
    <div
      className={`share-buttons${className ? ` ${className}` : ''}`}
      role="group"
      aria-label={label}
    >
      <span className="share-buttons__title" aria-hidden="true">
        Share
      </span>
      <ul className="share-buttons__list">
        {networks.map((network) => {
          const { label: action, icon } = NETWORKS[network];
          const newTab = network !== 'email';
          return (
            <li key={network}>
              <a
                className={`share-buttons__link share-buttons__link--${network}`}
                href={shareUrl(network, url, title)}
                aria-label={newTab ? `${action} (opens in a new tab)` : action}
                title={action}
                {...(newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
              >
                <svg
                  viewBox="0 0 24 24"
                  width="18"
                  height="18"
                  aria-hidden="true"
                  focusable="false"
                >
                  <path d={icon} fill="currentColor" fillRule="evenodd" />
                </svg>
              </a>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
