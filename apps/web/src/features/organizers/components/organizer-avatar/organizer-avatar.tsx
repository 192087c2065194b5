import { imageUrl } from '@gallop/ui-kit';
import type { Organizer } from '../../api';
import { initials } from '../../format';
import './organizer-avatar.css';

/** Square sizes from the media server's allow-list; the 2x twin keeps the circle sharp. */
const SIZES = { 56: ['64x64', '128x128'], 96: ['96x96', '192x192'] } as const;

export interface OrganizerAvatarProps {
  organizer: Pick<Organizer, 'name' | 'avatar'>;
  size: keyof typeof SIZES;
  eager?: boolean;
}

/** The provider's round picture, or its initials when it has none. Decorative: the name is next to it. */
export function OrganizerAvatar({ organizer, size, eager = false }: OrganizerAvatarProps) {
  const className = `organizer-avatar organizer-avatar--${size}`;
  if (!organizer.avatar) {
    return (
      <span className={`${className} organizer-avatar--initials`} aria-hidden="true">
        {initials(organizer.name)}
      </span>
    );
  }
  const [size1x, size2x] = SIZES[size];
  return (
    <img
      className={className}
      src={imageUrl(organizer.avatar.image, size1x)}
      srcSet={`${imageUrl(organizer.avatar.image, size1x)} 1x, ${imageUrl(organizer.avatar.image, size2x)} 2x`}
      width={size}
      height={size}
      alt=""
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
    />
  );
}
