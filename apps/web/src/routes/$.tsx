import { createFileRoute, notFound } from '@tanstack/react-router';
import { pageHead } from '../features/seo/head';
import { ensureWeatherPage } from '../features/weather/api';
import { WeatherPage } from '../features/weather/components/weather-page/weather-page';
import { weatherHeadData } from '../features/weather/head';
import { weatherPlaceSlugs } from '../features/weather/weather-path';
import { useVisitorUnits } from '../lib/visitor-units';

/**
 * Every address of more than one segment that no other route takes. Only the weather pages
 * (`/{country}[/{place}]/climate-and-weather`, docs/product.md, Routes) live here; the rest is the
 * 404 page. One-segment addresses belong to `/$slug` (tours and search pages).
 */
export const Route = createFileRoute('/$')({
  loader: async ({ context, params }) => {
    const slugs = weatherPlaceSlugs(params._splat);
    if (!slugs) throw notFound();
    const place = await ensureWeatherPage(context.queryClient, context.api, slugs);
    // The head's texts come with the loader's data: the loader's chunk, not the first load,
    // carries the code that writes them (a route's `head` ships in the first load).
    return { place, head: weatherHeadData(place) };
  },
  head: ({ loaderData, match }) =>
    loaderData ? pageHead(loaderData.head, match.context.site.publicUrl) : {},
  component: WeatherRoute,
});

function WeatherRoute() {
  const { place } = Route.useLoaderData();
  // The visitor's country decides the units (docs/product.md, Entities: countries 31, 114, 228 are
  // not metric).
  return <WeatherPage place={place} defaultSystem={useVisitorUnits()} />;
}
