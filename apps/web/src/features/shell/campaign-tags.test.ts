import { afterEach, describe, expect, it } from 'vitest';
import { campaignTagCookies } from './campaign-tags';

afterEach(() => {
  for (const tag of ['utm_source', 'utm_campaign', 'utm_content']) {
    document.cookie = `${tag}=; Max-Age=0; Path=/`;
  }
});

describe('campaignTagCookies', () => {
  it('stores source, campaign and content for 3 days on the whole site', () => {
    const cookies = campaignTagCookies(
      '?utm_source=newsletter&utm_campaign=spring%20rides&utm_content=hero&utm_medium=email',
      '',
      true,
    );
    expect(cookies).toHaveLength(3);
    expect(cookies[0]).toBe(
      `utm_source=newsletter; Max-Age=${3 * 24 * 60 * 60}; Path=/; Secure; SameSite=Lax`,
    );
    expect(cookies[1]).toContain('utm_campaign=spring%20rides');
    expect(cookies[2]).toContain('utm_content=hero');
    expect(cookies.join()).not.toContain('utm_medium');
  });

  it('never replaces a tag that is already set', () => {
    const cookies = campaignTagCookies(
      '?utm_source=ads&utm_campaign=winter',
      'utm_source=newsletter',
      false,
    );
    expect(cookies).toEqual([expect.stringContaining('utm_campaign=winter')]);
  });

  it('ignores empty tags', () => {
    expect(campaignTagCookies('?utm_source=&utm_content=%20', '', false)).toEqual([]);
  });

  it('gives cookies the browser keeps', () => {
    for (const cookie of campaignTagCookies('?utm_source=a&utm_content=b', '', false)) {
      document.cookie = cookie;
    }
    expect(document.cookie).toContain('utm_source=a');
    expect(document.cookie).toContain('utm_content=b');
  });
});
