import { ApiError, createGallopClient } from '@gallop/api-client';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../lib/http-error';
import { loadFollowingLink, type FollowingLink } from './following-link';
import { tourFollowing } from './testing/following-link-page';

describe('loadFollowingLink', () => {
  const apiAnswering = (answer: () => Response) =>
    createGallopClient({
      throwOnError: true,
      baseUrl: 'http://api.test',
      locale: { iso: 'en', localizationId: 1 },
      currency: 'USD',
      fetch: async () => answer(),
    });

  it.each<[FollowingLink, string]>([
    ['follow', 'This follow link is not valid'],
    ['unfollow', 'This unfollow link is not valid'],
  ])(
    '%s: makes a missing or refused token a 404, and keeps other failures',
    async (link, refusal) => {
      const load = (api: ReturnType<typeof apiAnswering>, token: string) =>
        loadFollowingLink(new QueryClient(), api, link, token);
      const ok = apiAnswering(() => Response.json(tourFollowing(link === 'unfollow')));
      await expect(load(ok, 'good')).resolves.toBeUndefined();
      await expect(load(ok, '')).rejects.toMatchObject({ status: 404 });
      const refused = apiAnswering(() => Response.json({ message: refusal }, { status: 422 }));
      const error = await load(refused, 'forged').catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(HttpError);
      expect(error).toMatchObject({ status: 404, message: refusal });
      const down = apiAnswering(() => Response.json({ message: 'Down' }, { status: 503 }));
      await expect(load(down, 'good')).rejects.toBeInstanceOf(ApiError);
    },
  );
});
