import { parse, serialize } from 'cookie';
import { CAMPAIGN_TAGS, MAX_CAMPAIGN_TAG_LENGTH } from '../../lib/request-attribution';

/**
 * Campaign tags from the address (docs/product.md, Routes), kept 3 days (docs/product.md,
 * Constants).
 */
const CAMPAIGN_TAG_MAX_AGE_S = 3 * 24 * 60 * 60;

/**
 * `document.cookie = ...` values for the campaign tags of an address, each only when the address
 * has it and no cookie holds it yet (the first campaign that brought the visitor wins).
 */
export function campaignTagCookies(
  search: string,
  cookieHeader: string,
  secure: boolean,
): string[] {
  const params = new URLSearchParams(search);
  const cookies = parse(cookieHeader);
  return CAMPAIGN_TAGS.flatMap((tag) => {
    const value = params.get(tag)?.trim().slice(0, MAX_CAMPAIGN_TAG_LENGTH);
    if (!value || cookies[tag]) return [];
    return [
      serialize(tag, value, {
        path: '/',
        maxAge: CAMPAIGN_TAG_MAX_AGE_S,
        sameSite: 'lax',
        secure,
      }),
    ];
  });
}

/** Stores the campaign tags of the current address. */
export function storeCampaignTags(doc: Document = document): void {
  const { search, protocol } = doc.location;
  for (const cookie of campaignTagCookies(search, doc.cookie, protocol === 'https:')) {
    doc.cookie = cookie;
  }
}
