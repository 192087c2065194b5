import { mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { STALE_TEMPORARY_MS } from './disk-cache.ts';
import { LANDING_VIDEOS, LandingVideoStore } from './videos.ts';

describe('LANDING_VIDEOS', () => {
  it('lists three videos with small and large files, a poster template and a colour', () => {
    expect(LANDING_VIDEOS).toHaveLength(3);
    for (const video of LANDING_VIDEOS) {
      expect(video.smallUrl).toBe(`/media/videos/${video.name}-small.mp4`);
      expect(video.largeUrl).toBe(`/media/videos/${video.name}-large.mp4`);
      expect(video.posterUrl).toBe(`/media/videos/${video.name}-poster/{{size}}.jpg`);
      expect(video.placeholderColor).toMatch(/^#[0-9a-f]{6}$/);
    }
    expect(new Set(LANDING_VIDEOS.map((video) => video.name)).size).toBe(3);
  });
});

describe('LandingVideoStore', () => {
  it('deletes the temporary files of a render killed mid-way before it renders again', async () => {
    const directory = await mkdtemp(path.join(tmpdir(), 'gallop-videos-'));
    try {
      const now = Date.now();
      const stale = path.join(directory, 'mountain-riders-v1-large.mp4.4242.tmp');
      await writeFile(stale, 'half a video');
      await writeFile(path.join(directory, 'dusk-valley-v1-small.mp4.4343.tmp'), 'being written');
      await writeFile(path.join(directory, 'desert-mesas-v1-small.mp4'), 'a finished video');
      const old = (now - STALE_TEMPORARY_MS - 1000) / 1000;
      await utimes(stale, old, old);
      const errors: unknown[] = [];
      // No renderer (production): the store gives up rendering, but the sweep comes first.
      const store = new LandingVideoStore({
        directory,
        now: () => now,
        onError: (error) => errors.push(error),
      });
      await store.prepareAll();
      expect((await readdir(directory)).sort()).toEqual([
        'desert-mesas-v1-small.mp4',
        'dusk-valley-v1-small.mp4.4343.tmp',
      ]);
      expect(errors).toHaveLength(1);
      expect(store.stats.encodes).toBe(0);
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });
});
