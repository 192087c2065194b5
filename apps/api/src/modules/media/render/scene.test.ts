import { describe, expect, it } from 'vitest';
import { MEDIA_SCENES } from '../urls.ts';
import { renderSceneSvg } from './scene.ts';

describe('renderSceneSvg', () => {
  it('draws the same SVG for the same scene, seed and size', () => {
    for (const scene of MEDIA_SCENES) {
      const request = { scene, seed: 1234, width: 600, height: 400 };
      expect(renderSceneSvg(request).svg, scene).toBe(renderSceneSvg(request).svg);
    }
  });

  it('varies between seeds and between scenes with the same seed', () => {
    const svgs = new Set<string>();
    for (const scene of MEDIA_SCENES) {
      for (let seed = 1; seed <= 5; seed += 1) {
        svgs.add(renderSceneSvg({ scene, seed, width: 300, height: 200 }).svg);
      }
    }
    expect(svgs.size).toBe(MEDIA_SCENES.length * 5);
  });

  it('draws at the pixel size asked for, in any aspect ratio', () => {
    for (const [width, height] of [
      [374, 500],
      [1200, 800],
      [1280, 720],
      [64, 64],
    ] as const) {
      const { svg, bleed } = renderSceneSvg({ scene: 'landscape', seed: 3, width, height });
      expect(svg).toContain(`width="${width + 2 * bleed}" height="${height + 2 * bleed}"`);
    }
  });

  it('adds a margin to crop when a scene blurs its background', () => {
    expect(
      renderSceneSvg({ scene: 'horse', seed: 1, width: 300, height: 200 }).bleed,
    ).toBeGreaterThan(0);
    expect(renderSceneSvg({ scene: 'landscape', seed: 1, width: 300, height: 200 }).bleed).toBe(0);
  });

  it('treats a centred camera as the still picture, and a moved camera as another frame', () => {
    const still = renderSceneSvg({ scene: 'landscape', seed: 8, width: 480, height: 270 }).svg;
    const centred = renderSceneSvg({
      scene: 'landscape',
      seed: 8,
      width: 480,
      height: 270,
      camera: { x: 0, zoom: 1 },
    }).svg;
    const moved = renderSceneSvg({
      scene: 'landscape',
      seed: 8,
      width: 480,
      height: 270,
      camera: { x: 40, zoom: 1.03 },
    }).svg;
    expect(centred).toBe(still);
    expect(moved).not.toBe(still);
  });
});
