import { describe, expect, it } from 'vitest';
import { MEDIA_SCENES } from '@gallop/api/src/modules/media/index.ts';
import { ALL_LANDSCAPES, resolveLandscape, type TreeKind } from './landscapes.ts';
import { renderSceneSvg } from './scene.ts';

const TREE_KINDS: readonly TreeKind[] = [
  'conifer',
  'broadleaf',
  'poplar',
  'palm',
  'cactus',
  'shrub',
  'acacia',
];

/** The kinds of tree drawn in an SVG (each tree's group names its kind). */
function treesIn(svg: string): Set<string> {
  const pattern = new RegExp(`<g class="(${TREE_KINDS.join('|')})">`, 'g');
  return new Set([...svg.matchAll(pattern)].map((match) => match[1]!));
}

const OUTDOOR_SCENES = MEDIA_SCENES.filter((scene) => scene !== 'city');

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

  it('draws only the trees that grow in the landscape asked for', () => {
    const seen = new Set<string>();
    for (const landscape of ALL_LANDSCAPES) {
      const grows = new Set(resolveLandscape(landscape).trees.map(([kind]) => kind));
      for (const scene of OUTDOOR_SCENES) {
        for (const seed of [1, 2]) {
          const { svg } = renderSceneSvg({ scene, seed, width: 300, height: 200, landscape });
          for (const kind of treesIn(svg)) {
            expect(grows.has(kind as TreeKind), `${kind} in ${scene}/${landscape}/${seed}`).toBe(
              true,
            );
            seen.add(kind);
          }
        }
      }
    }
    // Every kind of tree is drawn somewhere: the check above does look at real pictures.
    expect([...seen].sort()).toEqual([...TREE_KINDS].sort());
  });

  it('grows cacti only in the deserts of the Americas, acacias only in the savannah', () => {
    for (const landscape of ALL_LANDSCAPES) {
      const kinds = resolveLandscape(landscape).trees.map(([kind]) => kind);
      expect(kinds.includes('cactus'), landscape).toBe(landscape.startsWith('cactus-desert'));
      expect(kinds.includes('acacia'), landscape).toBe(landscape.startsWith('savannah'));
    }
  });

  it('draws places that could be anywhere when no landscape is given', () => {
    for (const scene of MEDIA_SCENES) {
      for (let seed = 1; seed <= 8; seed += 1) {
        const { svg } = renderSceneSvg({ scene, seed, width: 300, height: 200 });
        const trees = treesIn(svg);
        for (const particular of ['cactus', 'acacia', 'palm']) {
          expect(trees.has(particular), `${particular} in ${scene}/${seed}`).toBe(false);
        }
      }
    }
  });

  it('draws a landscape and its coast differently, and keeps a picture per landscape', () => {
    const svg = (landscape?: 'steppe' | 'steppe-coast' | 'desert') =>
      renderSceneSvg({ scene: 'landscape', seed: 5, width: 300, height: 200, landscape }).svg;
    expect(svg('steppe')).toBe(svg('steppe'));
    expect(new Set([svg('steppe'), svg('steppe-coast'), svg('desert'), svg()]).size).toBe(4);
  });
});
