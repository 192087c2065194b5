// @vitest-environment node
import { QueryClient } from '@tanstack/react-query';
import { isNotFound, isRedirect } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../lib/http-error';
import { ensureTourPage } from './api';
import { tourFixture } from './testing/tour-fixture';
import { clientAnswering, failureOf } from '../../lib/testing/api-client';

describe('ensureTourPage', () => {
  it('loads the tour with its program, reviews and alt texts', async () => {
    const tour = tourFixture();
    const { api, seen } = clientAnswering(200, tour);
    await expect(ensureTourPage(new QueryClient(), api, tour.slug)).resolves.toEqual(tour);
    expect(Object.fromEntries(seen[0]?.searchParams ?? [])).toEqual({
      slug: tour.slug,
      expand_program: '1',
      expand_reviews: '1',
      with_alt: '1',
    });
  });

  it('turns a moved slug into a permanent redirect to the current page', async () => {
    const { api } = clientAnswering(200, { type: 'redirect', url: '/new-name-7', status: 301 });
    const failure = await failureOf(ensureTourPage(new QueryClient(), api, 'old-name-7'));
    expect(isRedirect(failure)).toBe(true);
    const redirect = failure as { options: { href?: string; statusCode?: number } };
    expect(redirect.options.href).toBe('/new-name-7');
    expect(redirect.options.statusCode).toBe(301);
  });

  it('is the 410 page when every date has passed and the 404 page when there is no tour', async () => {
    const gone = clientAnswering(410, { message: 'Gone' });
    const passed = await failureOf(ensureTourPage(new QueryClient(), gone.api, 'passed-1'));
    expect(passed).toBeInstanceOf(HttpError);
    expect((passed as HttpError).status).toBe(410);

    const missing = clientAnswering(404, { message: 'Tour not found' });
    expect(isNotFound(await failureOf(ensureTourPage(new QueryClient(), missing.api, 'x-1')))).toBe(
      true,
    );
  });

  it('lets other failures through to the error page', async () => {
    const { api } = clientAnswering(500, { message: 'Boom' });
    const failure = await failureOf(ensureTourPage(new QueryClient(), api, 'broken-3'));
    expect(failure).toMatchObject({ name: 'ApiError', status: 500 });
  });
});
