import { expect, test } from './fixtures';

test.describe('robots and sharing', () => {
  test('robots.txt allows the site, keeps robots out of private pages and names the sitemap', async ({
    request,
    baseURL,
  }) => {
    const response = await request.get('/robots.txt');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('text/plain');
    const text = await response.text();
    expect(text).toMatch(/^User-agent: \*\nAllow: \/\n/);
    for (const path of ['/settings', '/chat', '/booking', '/pay']) {
      expect(text).toContain(`\nDisallow: ${path}\n`);
    }
    expect(text).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  });

  test('sitemap.xml comes from the API and lists the home page and tours', async ({
    request,
    baseURL,
  }) => {
    const response = await request.get('/sitemap.xml');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('xml');
    const xml = await response.text();
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml).toContain(`<loc>${baseURL}/</loc>`);
    expect(xml).toMatch(/<loc>[^<]+-\d+<\/loc>/);
  });

  test('the home page has a canonical link and share tags with the default image', async ({
    request,
  }) => {
    const html = await (await request.get('/')).text();
    expect(html).toContain('<link rel="canonical" href="/"');
    const image = html.match(/<meta property="og:image" content="([^"]+)"/)?.[1];
    expect(image).toBe('/media/generated/landscape/1/1200x630.jpg');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image"');
    expect(html).toMatch(
      /<meta property="og:title" content="Horseback tours with local guides \| Gallop"/,
    );

    const picture = await request.get(image ?? '');
    expect(picture.status()).toBe(200);
    expect(picture.headers()['content-type']).toMatch(/^image\//);
  });
});
