/**
 * What a booking request carries about how the visitor came (docs/product.md, Routes, Entities and
 * Constants): the campaign tags stored from the address (`utm_source`, `utm_campaign`,
 * `utm_content`, 3 days) and the subscriber id; and what it leaves behind, the `last_request_id`
 * cookie (180 days) that later calls (help requests, chat sources) send so support sees the request
 * they are about.
 */
import { parse, serialize } from 'cookie';
import { SUBSCRIBER_ID_MAX_AGE_S, subscriberIdFromCookies } from './subscriber';

/** The campaign tags read from the address on load, one cookie each. */
export const CAMPAIGN_TAGS = ['utm_source', 'utm_campaign', 'utm_content'] as const;

/** The contract's longest campaign tag. */
export const MAX_CAMPAIGN_TAG_LENGTH = 200;

const LAST_REQUEST_ID_COOKIE = 'last_request_id';

/** The largest row id (PostgreSQL `integer`). */
const MAX_ID = 2_147_483_647;

export interface CampaignTags {
  source?: string;
  campaign?: string;
  content?: string;
}

/** The stored campaign tags, if any (from a `Cookie` header or `document.cookie`). */
export function campaignTagsFromCookies(
  cookieHeader: string | null | undefined,
): CampaignTags | undefined {
  const cookies = cookieHeader ? parse(cookieHeader) : {};
  const tags: CampaignTags = {};
  for (const tag of CAMPAIGN_TAGS) {
    const value = cookies[tag]?.trim().slice(0, MAX_CAMPAIGN_TAG_LENGTH);
    if (value) tags[tag.slice('utm_'.length) as keyof CampaignTags] = value;
  }
  return Object.keys(tags).length > 0 ? tags : undefined;
}

/** The `utm` and `subscriber_id` fields of a booking request, from the visitor's cookies. */
export function requestAttribution(cookieHeader: string | null | undefined): {
  utm?: CampaignTags;
  subscriber_id?: string;
} {
  const utm = campaignTagsFromCookies(cookieHeader);
  const subscriberId = subscriberIdFromCookies(cookieHeader);
  return { ...(utm ? { utm } : {}), ...(subscriberId ? { subscriber_id: subscriberId } : {}) };
}

/** The `last_request_id` cookie as a request id, if it holds one. */
export function lastRequestIdFromCookies(
  cookieHeader: string | null | undefined,
): number | undefined {
  const value = cookieHeader ? parse(cookieHeader)[LAST_REQUEST_ID_COOKIE] : undefined;
  if (value === undefined || !/^\d+$/.test(value)) return undefined;
  const id = Number(value);
  return id >= 1 && id <= MAX_ID ? id : undefined;
}

/** `document.cookie = ...` value keeping the visitor's newest request id for 15552000 s. */
export function lastRequestIdCookie(requestId: number, secure: boolean): string {
  return serialize(LAST_REQUEST_ID_COOKIE, String(requestId), {
    path: '/',
    maxAge: SUBSCRIBER_ID_MAX_AGE_S,
    sameSite: 'lax',
    secure,
  });
}

/** Remembers a request just created (browser only). */
export function rememberLastRequest(requestId: number, doc: Document = document): void {
  doc.cookie = lastRequestIdCookie(requestId, doc.location.protocol === 'https:');
}
