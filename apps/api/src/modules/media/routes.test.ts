import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { demoPlugin } from '@gallop/api-demo';
import Fastify, { type FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_MEDIA_CACHE_DIR,
  registerMediaRoutes,
  type MediaRoutes,
  type MediaRoutesOptions,
} from './routes.ts';
import { MEDIA_RENDER_VERSION } from './image-pipeline.ts';
import { MEDIA_SCENES } from './urls.ts';
import { LANDING_VIDEOS } from './videos.ts';

const CHROME_ACCEPT = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';
const OLD_BROWSER_ACCEPT = 'image/png,image/*;q=0.8,*/*;q=0.5';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

async function mediaApp(
  options: Partial<MediaRoutesOptions> = {},
): Promise<{ app: FastifyInstance; media: MediaRoutes; cacheDir: string }> {
  const cacheDir = await mkdtemp(path.join(tmpdir(), 'gallop-media-'));
  const app = Fastify();
  // The demo's renderer draws the pictures, as in demo mode; tests that want none pass `undefined`.
  const media = registerMediaRoutes(app, {
    cacheDir,
    prepareVideos: false,
    renderer: demoPlugin.mediaRenderer(),
    ...options,
  });
  await app.ready();
  cleanups.push(
    () => rm(cacheDir, { recursive: true, force: true }),
    () => app.close(),
  );
  return { app, media, cacheDir };
}

describe('GET /media/generated/:scene/:seed/:size', () => {
  it('answers a JPEG of the exact size with long-lived cache headers', async () => {
    const { app } = await mediaApp();
    const response = await app.inject({
      url: '/media/generated/landscape/7/185x122.jpg',
      headers: { accept: OLD_BROWSER_ACCEPT },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['vary']).toBe('Accept');
    expect(response.headers['etag']).toMatch(/^"[\w-]{22}"$/);
    const metadata = await sharp(response.rawPayload).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width: 185, height: 122 });
  });

  it('serves WebP for a .jpg when the browser accepts it, and says it varies by Accept', async () => {
    const { app } = await mediaApp();
    const jpeg = await app.inject({
      url: '/media/generated/horse/3/374x500.jpg',
      headers: { accept: OLD_BROWSER_ACCEPT },
    });
    const webp = await app.inject({
      url: '/media/generated/horse/3/374x500.jpg',
      headers: { accept: CHROME_ACCEPT },
    });
    expect(webp.statusCode).toBe(200);
    expect(webp.headers['content-type']).toBe('image/webp');
    expect(webp.headers['vary']).toBe('Accept');
    expect(webp.headers['etag']).not.toBe(jpeg.headers['etag']);
    expect(await sharp(webp.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 374,
      height: 500,
    });
    expect(webp.rawPayload.length).toBeLessThan(jpeg.rawPayload.length);
  });

  it('honours an explicit .webp, .avif or .png whatever Accept says, without Vary', async () => {
    const { app } = await mediaApp();
    for (const [extension, format, contentType] of [
      ['webp', 'webp', 'image/webp'],
      ['avif', 'heif', 'image/avif'],
      ['png', 'png', 'image/png'],
      ['jpeg', 'jpeg', 'image/jpeg'],
    ] as const) {
      const response = await app.inject({
        url: `/media/generated/trail/11/150x95.${extension}`,
        headers: { accept: extension === 'jpeg' ? OLD_BROWSER_ACCEPT : '*/*' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe(contentType);
      expect(response.headers['vary']).toBe(extension === 'jpeg' ? 'Accept' : undefined);
      const metadata = await sharp(response.rawPayload).metadata();
      expect(metadata).toMatchObject({ format, width: 150, height: 95 });
      if (extension === 'avif') expect(metadata.compression).toBe('av1');
    }
  });

  it('keeps the 3:2 aspect ratio for a 00 height', async () => {
    const { app } = await mediaApp();
    const response = await app.inject({ url: '/media/generated/city/5/150x00.png' });
    expect(response.statusCode).toBe(200);
    expect(await sharp(response.rawPayload).metadata()).toMatchObject({ width: 150, height: 100 });
  });

  it('draws every scene', async () => {
    const { app } = await mediaApp();
    for (const scene of MEDIA_SCENES) {
      const response = await app.inject({ url: `/media/generated/${scene}/42/150x95.png` });
      expect(response.statusCode, scene).toBe(200);
      const { channels } = await sharp(response.rawPayload).stats();
      // A real picture, not a blank frame: the colours vary across it.
      expect(channels[0]!.stdev, scene).toBeGreaterThan(8);
    }
  });

  it('draws a scene in the landscape named before the seed, cached apart from other places', async () => {
    const { app, media, cacheDir } = await mediaApp();
    const tundra = await app.inject({ url: '/media/generated/landscape/tundra/7/150x95.png' });
    const desert = await app.inject({ url: '/media/generated/landscape/desert/7/150x95.png' });
    const anywhere = await app.inject({ url: '/media/generated/landscape/7/150x95.png' });
    expect([tundra.statusCode, desert.statusCode, anywhere.statusCode]).toEqual([200, 200, 200]);
    expect(tundra.rawPayload.equals(desert.rawPayload)).toBe(false);
    expect(tundra.rawPayload.equals(anywhere.rawPayload)).toBe(false);
    expect(
      new Set([tundra, desert, anywhere].map((response) => response.headers['etag'])).size,
    ).toBe(3);
    expect(media.images.stats.creates).toBe(3);
    const cached = await stat(
      path.join(cacheDir, `images/v${MEDIA_RENDER_VERSION}/landscape/tundra/7/150x95.png`),
    );
    expect(cached.size).toBe(tundra.rawPayload.length);
  });

  it('answers 304 to a matching If-None-Match without a body', async () => {
    const { app, media } = await mediaApp();
    const url = '/media/generated/portrait/9/250x300.jpg';
    const first = await app.inject({ url, headers: { accept: CHROME_ACCEPT } });
    const etag = first.headers['etag'] as string;
    const again = await app.inject({
      url,
      headers: { accept: CHROME_ACCEPT, 'if-none-match': `"other", ${etag}` },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers['etag']).toBe(etag);
    expect(again.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // A tag for another format does not match: a JPEG answer is a different entity.
    const otherFormat = await app.inject({
      url,
      headers: { accept: OLD_BROWSER_ACCEPT, 'if-none-match': etag },
    });
    expect(otherFormat.statusCode).toBe(200);
    expect(media.images.stats.creates).toBe(2);
  });

  it('answers HEAD with the headers only', async () => {
    const { app } = await mediaApp();
    const response = await app.inject({
      method: 'HEAD',
      url: '/media/generated/camp/2/150x95.webp',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(Number(response.headers['content-length'])).toBeGreaterThan(100);
    expect(response.rawPayload.length).toBe(0);
  });

  it('draws the same bytes for the same seed, and another picture for another seed', async () => {
    const first = await mediaApp();
    const second = await mediaApp();
    const url = (seed: number) => `/media/generated/landscape/${seed}/370x244.webp`;
    const a = await first.app.inject({ url: url(12) });
    const b = await second.app.inject({ url: url(12) });
    const c = await second.app.inject({ url: url(13) });
    expect(a.rawPayload.equals(b.rawPayload)).toBe(true);
    expect(a.headers['etag']).toBe(b.headers['etag']);
    expect(a.rawPayload.equals(c.rawPayload)).toBe(false);
  });

  it('renders concurrent requests for one picture once, then serves it from disk', async () => {
    const { app, media, cacheDir } = await mediaApp();
    const url = '/media/generated/cruise/21/600x350.jpg';
    const responses = await Promise.all(
      Array.from({ length: 6 }, () => app.inject({ url, headers: { accept: CHROME_ACCEPT } })),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(6).fill(200));
    expect(new Set(responses.map((response) => response.rawPayload.toString('base64'))).size).toBe(
      1,
    );
    expect(media.images.stats.creates).toBe(1);
    const cached = await stat(
      path.join(cacheDir, `images/v${MEDIA_RENDER_VERSION}/cruise/21/600x350.webp`),
    );
    expect(cached.size).toBe(responses[0]!.rawPayload.length);

    // A new process (fresh cache object) over the same folder reads the file instead of drawing.
    const later = Fastify();
    cleanups.push(() => later.close());
    const laterMedia = registerMediaRoutes(later, {
      cacheDir,
      prepareVideos: false,
      renderer: demoPlugin.mediaRenderer(),
    });
    const reread = await later.inject({ url, headers: { accept: CHROME_ACCEPT } });
    expect(reread.rawPayload.equals(responses[0]!.rawPayload)).toBe(true);
    expect(laterMedia.images.stats).toMatchObject({ creates: 0, hits: 1 });
  });

  it.each([
    ['an unknown scene', '/media/generated/volcano/1/150x95.jpg', 404],
    ['an unknown landscape', '/media/generated/landscape/moon/1/150x95.jpg', 404],
    ['a landscape after the seed', '/media/generated/landscape/1/steppe/150x95.jpg', 404],
    ['a zero seed', '/media/generated/landscape/0/150x95.jpg', 404],
    ['a negative seed', '/media/generated/landscape/-4/150x95.jpg', 404],
    ['a seed with leading zeros', '/media/generated/landscape/007/150x95.jpg', 404],
    ['a seed that is not a number', '/media/generated/landscape/abc/150x95.jpg', 404],
    ['a seed beyond 2^31-1', '/media/generated/landscape/2147483648/150x95.jpg', 404],
    ['a file that is not a size', '/media/generated/landscape/1/large.jpg', 400],
    ['an unsupported format', '/media/generated/landscape/1/150x95.gif', 400],
    ['a size not on the list', '/media/generated/landscape/1/151x95.jpg', 400],
    ['a size beyond the maximum', '/media/generated/landscape/1/4800x00.jpg', 400],
    ['a zero width', '/media/generated/landscape/1/0x95.jpg', 400],
    ['the unreplaced placeholder', '/media/generated/landscape/1/%7B%7Bsize%7D%7D.jpg', 400],
  ])('answers %s with %i and a JSON message, drawing nothing', async (_case, url, status) => {
    const { app, media } = await mediaApp();
    const response = await app.inject({ url });
    expect(response.statusCode).toBe(status);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ message: expect.any(String) });
    expect(media.images.stats.creates).toBe(0);
  });
});

it('caches in apps/api/.data/media-cache by default', () => {
  expect(DEFAULT_MEDIA_CACHE_DIR.endsWith(path.join('apps', 'api', '.data', 'media-cache'))).toBe(
    true,
  );
});

describe('landing video routes', () => {
  const [video] = LANDING_VIDEOS;
  if (!video) throw new Error('no landing video');
  // Half a second at 8 fps: a real H.264 file in well under a second of encoding.
  const shortClip = { videoMotion: { seconds: 0.5, fps: 8 } };

  it('serves the poster as the first frame: the same picture as the scene still', async () => {
    const { app } = await mediaApp();
    const poster = await app.inject({
      url: video.posterUrl.replace('{{size}}', '480x270'),
      headers: { accept: CHROME_ACCEPT },
    });
    expect(poster.statusCode).toBe(200);
    expect(poster.headers['content-type']).toBe('image/webp');
    expect(await sharp(poster.rawPayload).metadata()).toMatchObject({ width: 480, height: 270 });
    const unknown = await app.inject({ url: '/media/videos/nothing-poster/480x270.jpg' });
    expect(unknown.statusCode).toBe(404);
  });

  it('streams the video with byte ranges, ETag and cache headers', async () => {
    const { app, media } = await mediaApp(shortClip);
    const [full, concurrent] = await Promise.all([
      app.inject({ url: video.smallUrl }),
      app.inject({ url: video.smallUrl }),
    ]);
    expect(media.videos.stats.encodes).toBe(1);
    expect(full.statusCode).toBe(200);
    expect(concurrent.rawPayload.equals(full.rawPayload)).toBe(true);
    expect(full.headers).toMatchObject({
      'content-type': 'video/mp4',
      'accept-ranges': 'bytes',
      'cache-control': 'public, max-age=31536000, immutable',
    });
    const size = full.rawPayload.length;
    expect(Number(full.headers['content-length'])).toBe(size);
    // An MP4 starts with its `ftyp` box; faststart puts the `moov` index before the media data.
    expect(full.rawPayload.subarray(4, 8).toString('latin1')).toBe('ftyp');
    expect(full.rawPayload.indexOf('moov')).toBeLessThan(full.rawPayload.indexOf('mdat'));

    const head = await app.inject({ url: video.smallUrl, headers: { range: 'bytes=0-99' } });
    expect(head.statusCode).toBe(206);
    expect(head.headers['content-range']).toBe(`bytes 0-99/${size}`);
    expect(head.rawPayload.equals(full.rawPayload.subarray(0, 100))).toBe(true);

    const tail = await app.inject({ url: video.smallUrl, headers: { range: 'bytes=-10' } });
    expect(tail.statusCode).toBe(206);
    expect(tail.headers['content-range']).toBe(`bytes ${size - 10}-${size - 1}/${size}`);
    expect(tail.rawPayload.equals(full.rawPayload.subarray(size - 10))).toBe(true);

    const rest = await app.inject({ url: video.smallUrl, headers: { range: 'bytes=500-' } });
    expect(rest.statusCode).toBe(206);
    expect(rest.rawPayload.equals(full.rawPayload.subarray(500))).toBe(true);

    const beyond = await app.inject({ url: video.smallUrl, headers: { range: `bytes=${size}-` } });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${size}`);
    expect(beyond.json()).toEqual({ message: expect.any(String) });

    const etag = full.headers['etag'] as string;
    const cached = await app.inject({ url: video.smallUrl, headers: { 'if-none-match': etag } });
    expect(cached.statusCode).toBe(304);
    // If-Range with a stale tag: the range no longer applies, the whole new file comes back.
    const stale = await app.inject({
      url: video.smallUrl,
      headers: { range: 'bytes=0-99', 'if-range': '"stale"' },
    });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.length).toBe(size);
    expect(media.videos.stats.encodes).toBe(1);
  });

  it('renders every landing video in the background once the app is ready', async () => {
    const { media, cacheDir } = await mediaApp({ ...shortClip, prepareVideos: true });
    await media.videos.preparing;
    expect(media.videos.stats.encodes).toBe(LANDING_VIDEOS.length * 2);
    for (const landing of LANDING_VIDEOS) {
      for (const variant of ['small', 'large']) {
        const file = await stat(path.join(cacheDir, `videos/${landing.name}-${variant}.mp4`));
        expect(file.size).toBeGreaterThan(1000);
      }
    }
  });

  it('answers 404 for unknown videos, other formats, or when no encoder is installed', async () => {
    const { app } = await mediaApp({ renderer: demoPlugin.mediaRenderer({ ffmpegPath: null }) });
    for (const url of [
      '/media/videos/nothing-small.mp4',
      video.smallUrl.replace('.mp4', '.webm'),
      video.largeUrl.replace('-large', '-huge'),
      video.largeUrl,
    ]) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual({ message: expect.any(String) });
    }
  });
});

describe('without a renderer (production: DEMO_DATA is off)', () => {
  it('draws nothing: generated pictures and posters are not routes, missing videos are 404', async () => {
    const { app, media } = await mediaApp({ renderer: undefined, prepareVideos: true });
    const [video] = LANDING_VIDEOS;
    if (!video) throw new Error('no landing video');
    for (const url of [
      '/media/generated/landscape/7/185x122.jpg',
      '/media/generated/landscape/steppe/7/185x122.jpg',
      video.posterUrl.replace('{{size}}', '480x270'),
      video.smallUrl,
    ]) {
      expect((await app.inject({ url })).statusCode, url).toBe(404);
    }
    expect(media.videos.preparing).toBeUndefined();
  });

  it('still serves a landing video rendered ahead of time', async () => {
    const { app, cacheDir } = await mediaApp({ renderer: undefined });
    const [video] = LANDING_VIDEOS;
    if (!video) throw new Error('no landing video');
    await mkdir(path.join(cacheDir, 'videos'), { recursive: true });
    await writeFile(path.join(cacheDir, 'videos', path.posix.basename(video.smallUrl)), 'mp4');
    const response = await app.inject({ url: video.smallUrl });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('video/mp4');
  });
});
