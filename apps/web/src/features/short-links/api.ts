import { isApiError, type GallopClient } from '@gallop/api-client';
import { getMessengersQueryOptions, getRedirectQueryOptions } from '@gallop/api-client/query';
import type { QueryClient } from '@tanstack/react-query';
import { notFound, redirect } from '@tanstack/react-router';
import { isUuid, parseShortLinkId, shortLinkHref } from './targets';

/** Short links and messenger links send the browser on, without a page of their own. */
const FOUND = 302;

/**
 * `/r/{id}`: throws the 302 to the short link's target. A non-numeric or unknown id, or a target
 * that is not a web address, is the 404 page; other API failures pass through.
 */
export async function followShortLink(
  queryClient: QueryClient,
  api: GallopClient<true>,
  rawId: string,
): Promise<never> {
  const id = parseShortLinkId(rawId);
  if (id === undefined) throw notFound();
  let sourceUrl: string;
  try {
    ({ source_url: sourceUrl } = await queryClient.fetchQuery(
      getRedirectQueryOptions(api, { query: { id } }),
    ));
  } catch (error) {
    if (isApiError(error) && (error.status === 404 || error.status === 400)) throw notFound();
    throw error;
  }
  const href = shortLinkHref(sourceUrl);
  if (!href) throw notFound();
  throw redirect({ href, statusCode: FOUND });
}

/**
 * `/tg/{uuid}`: the contract has no call that turns the uuid into a personal messenger link
 * (`listChatSources` takes other ids and is not served yet), so this sends the visitor to the
 * site's Telegram link from `getMessengers`. A malformed uuid, or no Telegram link, is the 404 page.
 */
export async function followTelegramLink(
  queryClient: QueryClient,
  api: GallopClient<true>,
  uuid: string,
): Promise<never> {
  if (!isUuid(uuid)) throw notFound();
  const messengers = await queryClient.fetchQuery(getMessengersQueryOptions(api));
  const href = messengers.telegram ? shortLinkHref(messengers.telegram) : undefined;
  if (!href) throw notFound();
  throw redirect({ href, statusCode: FOUND });
}
