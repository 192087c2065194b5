import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { LANDING_VIDEOS, landingVideoSource } from '@gallop/api/src/modules/media/index.ts';
import { cameraAt } from './landing-videos.ts';
import { rasterizeScene } from './pictures.ts';

const channels = (hex: string) =>
  [1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16));

describe('LANDING_VIDEOS', () => {
  it('uses the average colour of the first frame as the placeholder', async () => {
    for (const video of LANDING_VIDEOS) {
      const source = landingVideoSource(video.name);
      if (!source) throw new Error(video.name);
      const png = await (await rasterizeScene(source, 160, 90)).png().toBuffer();
      const stats = await sharp(png).stats();
      const expected = channels(video.placeholderColor);
      stats.channels.slice(0, 3).forEach((channel, index) => {
        expect(Math.abs(channel.mean - expected[index]!), video.name).toBeLessThan(6);
      });
    }
  });
});

describe('cameraAt', () => {
  it('starts still, drifts and zooms in, and comes back for a seamless loop', () => {
    expect(cameraAt(0, 120, 1)).toEqual({ x: 0, zoom: 1 });
    const middle = cameraAt(60, 120, -1);
    expect(middle.x).toBeLessThan(-50);
    expect(middle.zoom).toBeGreaterThan(1.03);
    const last = cameraAt(119, 120, 1);
    expect(Math.abs(last.x)).toBeLessThan(0.1);
    expect(last.zoom).toBeCloseTo(1, 3);
  });
});
