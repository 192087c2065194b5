import type { MediaItem } from './media';

const SCENES = [
  { sky: '#f6d7a7', hill: '#7a9a5b', name: 'Steppe at dawn' },
  { sky: '#bcd9f0', hill: '#4e7f6a', name: 'Mountain pass' },
  { sky: '#f3c1a8', hill: '#a0673f', name: 'Canyon trail' },
  { sky: '#d9e7c5', hill: '#5b7f3a', name: 'Alpine meadow' },
  { sky: '#c9c2ec', hill: '#56487f', name: 'Dusk by the lake' },
  { sky: '#f0e2b6', hill: '#9a7b3c', name: 'Desert camp' },
  { sky: '#b9e0dc', hill: '#2f6f68', name: 'Coastal ride' },
  { sky: '#ead0d8', hill: '#8a4f63', name: 'Heather hills' },
];

/**
 * Landscape placeholders as SVG data URIs for stories and tests (no downloads). The URL keeps the
 * spec's `{{size}}` placeholder, so the picture prints the size a component asked for.
 */
export function samplePhotos(count: number): MediaItem[] {
  return Array.from({ length: count }, (_, index) => {
    const scene = SCENES[index % SCENES.length] ?? SCENES[0]!;
    const before = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 200" preserveAspectRatio="xMidYMid slice"><rect width="300" height="200" fill="${scene.sky}"/><circle cx="230" cy="60" r="22" fill="#fff8e1"/><path d="M0 150 Q80 90 160 140 T300 120 V200 H0Z" fill="${scene.hill}"/><path d="M0 175 Q120 140 300 170 V200 H0Z" fill="#3d3a2a" opacity=".35"/><text x="12" y="24" font-family="sans-serif" font-size="14" fill="#1b1530">${index + 1} · `;
    const after = '</text></svg>';
    return {
      image: `data:image/svg+xml;utf8,${encodeURIComponent(before)}{{size}}${encodeURIComponent(after)}`,
      alt: `${scene.name} (${index + 1})`,
    };
  });
}
