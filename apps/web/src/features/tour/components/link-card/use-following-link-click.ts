import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useApi } from '../../../../lib/api';
import { useSend } from '../../../../lib/use-send';
import { sendFollowingLink, type FollowingLink } from '../../following-link';

/**
 * The button of a following link's page (`/follow`, `/unfollow`): `confirm()` sends the click once
 * (`useSend`'s state beside it); when it is done the card changes, and `heading` (the new card's
 * `headingRef`) takes the focus, so keyboard users are not lost.
 */
export function useFollowingLinkClick(link: FollowingLink, token: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  const click = useSend<void>();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (click.done) heading.current?.focus();
  }, [click.done]);
  const confirm = () => void click.send(() => sendFollowingLink(api, queryClient, link, token));
  return { sending: click.sending, failure: click.failure, done: click.done, heading, confirm };
}

export type FollowingLinkClick = ReturnType<typeof useFollowingLinkClick>;
