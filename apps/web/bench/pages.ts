/** A page the benchmark measures. */
export interface BenchPage {
  name: 'home' | 'search' | 'tour';
  path: string;
}

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return (await response.json()) as T;
}

/**
 * Home, a catalogue (search) page and a tour page, taken from what the API serves: the first
 * single-segment SEO page of /spa/seo-pages-sitemap and the first tour of /spa/best-tours.
 * Each must answer 200 through the web server before anything is measured.
 */
export async function discoverPages(apiUrl: string, webUrl: string): Promise<BenchPage[]> {
  const sitemap = await getJson<{ items: { url: string }[] }>(`${apiUrl}/spa/seo-pages-sitemap`);
  const searchPath = sitemap.items.map((item) => item.url).find((url) => /^\/[^/?#]+$/.test(url));
  if (!searchPath) throw new Error('/spa/seo-pages-sitemap lists no catalogue page');
  const best = await getJson<{ items: { slug: string }[] }>(`${apiUrl}/spa/best-tours`);
  const tourSlug = best.items[0]?.slug;
  if (!tourSlug) throw new Error('/spa/best-tours lists no tour');
  const pages: BenchPage[] = [
    { name: 'home', path: '/' },
    { name: 'search', path: searchPath },
    { name: 'tour', path: `/${tourSlug}` },
  ];
  for (const page of pages) {
    const response = await fetch(new URL(page.path, webUrl), { redirect: 'manual' });
    await response.arrayBuffer();
    if (response.status !== 200) {
      throw new Error(`${page.path} answered ${response.status} through the web server`);
    }
  }
  return pages;
}
