import { describe, expect, it } from 'vitest';
import {
  campaignTagsFromCookies,
  lastRequestIdCookie,
  lastRequestIdFromCookies,
  requestAttribution,
} from './request-attribution';

describe('campaignTagsFromCookies', () => {
  it('answers the stored tags by their contract names, none when nothing is stored', () => {
    expect(
      campaignTagsFromCookies('utm_source=ads; utm_content=hero%20video; utm_medium=cpc; a=1'),
    ).toEqual({ source: 'ads', content: 'hero video' });
    expect(campaignTagsFromCookies('a=1; utm_campaign=')).toBeUndefined();
    expect(campaignTagsFromCookies(undefined)).toBeUndefined();
  });

  it('cuts a tag to the contract’s 200 characters', () => {
    const long = 'x'.repeat(260);
    expect(campaignTagsFromCookies(`utm_campaign=${long}`)?.campaign).toHaveLength(200);
  });
});

describe('requestAttribution', () => {
  it('gives the booking request its utm tags and subscriber id, leaving out what is missing', () => {
    expect(requestAttribution('utm_source=mail; subscriber_id=s-1')).toEqual({
      utm: { source: 'mail' },
      subscriber_id: 's-1',
    });
    expect(requestAttribution('')).toEqual({});
  });
});

describe('last_request_id', () => {
  it('is kept 15552000 s on the whole site and read back as a request id', () => {
    const cookie = lastRequestIdCookie(812, true);
    expect(cookie).toBe('last_request_id=812; Max-Age=15552000; Path=/; Secure; SameSite=Lax');
    expect(lastRequestIdFromCookies('a=1; last_request_id=812')).toBe(812);
    expect(lastRequestIdFromCookies('last_request_id=99999999999')).toBeUndefined();
  });
});
