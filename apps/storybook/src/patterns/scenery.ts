import { MEDIA_SIZE_PLACEHOLDER, type MediaItem } from '@gallop/ui-kit';

// Pictures for the pattern stories, drawn as SVG data URIs: the stories and their tests fetch
// nothing. Each keeps the spec's `{{size}}` placeholder (in an XML comment, so it draws nothing),
// so the patterns call `imageUrl` exactly as the web app does with real photos.

interface Scene {
  /** Top and bottom of the sky. */
  sky: readonly [string, string];
  sun: { x: number; y: number; r: number; colour: string };
  /** Ridges from the farthest to the nearest, each a fill and a path across the 480 x 270 box. */
  ridges: readonly { fill: string; d: string }[];
  /** Riders on horseback, where they ride and how large (1 = 36 px tall). */
  riders: readonly { x: number; y: number; scale: number }[];
  riderColour: string;
}

/** A rider on a walking horse, facing right, in a 48 x 36 box. */
const RIDER =
  'M9 17c2-4 8-5 14-5h8l5-7c1-1 3-1 4 0l5 3c1 1 1 2 0 2l-4-1-3 5c-1 2-1 4-2 6l-1 3 2 9h-2l-3-8' +
  '-2 0-1 8h-2l0-9c-4 1-8 1-12 0l-2 9h-2l0-9-3 9H6l2-10c-1-1-1-2-1-3-2 2-4 6-5 8 0-4 2-8 5-10z' +
  'M22 1c2 0 3 1 3 3s-1 3-3 3-3-1-3-3 1-3 3-3zm-3 7h5l2 6 3 1-1 2-4-1-1 3h-4l-1-5z';

function svg(scene: Scene): string {
  const [top, bottom] = scene.sky;
  const ridges = scene.ridges.map((ridge) => `<path d="${ridge.d}" fill="${ridge.fill}"/>`);
  const riders = scene.riders.map(
    (rider) =>
      `<path d="${RIDER}" fill="${scene.riderColour}" transform="translate(${rider.x} ${rider.y}) scale(${rider.scale})"/>`,
  );
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 480 270" preserveAspectRatio="xMidYMid slice">',
    `<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>`,
    `<radialGradient id="g"><stop offset="0" stop-color="${scene.sun.colour}"/><stop offset="1" stop-color="${scene.sun.colour}" stop-opacity="0"/></radialGradient></defs>`,
    '<rect width="480" height="270" fill="url(#s)"/>',
    `<circle cx="${scene.sun.x}" cy="${scene.sun.y}" r="${scene.sun.r * 3}" fill="url(#g)" opacity=".55"/>`,
    `<circle cx="${scene.sun.x}" cy="${scene.sun.y}" r="${scene.sun.r}" fill="${scene.sun.colour}"/>`,
    ...ridges,
    ...riders,
    '</svg>',
  ].join('');
}

function picture(scene: Scene, alt: string): MediaItem {
  const [before, after] = svg(scene).split('</svg>');
  return {
    image: `data:image/svg+xml;utf8,${encodeURIComponent(`${before}<!--`)}${MEDIA_SIZE_PLACEHOLDER}${encodeURIComponent(`-->${after}</svg>`)}`,
    alt,
  };
}

const GOBI: Scene = {
  sky: ['#f4b27a', '#fde7c4'],
  sun: { x: 360, y: 118, r: 26, colour: '#fff3d6' },
  ridges: [
    { fill: '#c98b68', d: 'M0 170 Q70 130 150 158 T300 150 T480 140 V270 H0Z' },
    { fill: '#d9a16f', d: 'M0 200 Q110 160 230 190 T480 178 V270 H0Z' },
    { fill: '#b9784c', d: 'M0 236 Q150 208 300 228 T480 220 V270 H0Z' },
  ],
  riders: [
    { x: 120, y: 170, scale: 0.9 },
    { x: 168, y: 174, scale: 0.9 },
    { x: 214, y: 177, scale: 0.9 },
  ],
  riderColour: '#4a2c1c',
};

const ANDALUSIA: Scene = {
  sky: ['#8fc3e8', '#e4f1f7'],
  sun: { x: 96, y: 70, r: 20, colour: '#fffbe8' },
  ridges: [
    { fill: '#9db7a6', d: 'M0 150 Q90 110 190 140 T380 126 T480 130 V270 H0Z' },
    { fill: '#7f9f5a', d: 'M0 186 Q120 150 250 176 T480 164 V270 H0Z' },
    { fill: '#5e7d3c', d: 'M0 226 Q140 196 290 218 T480 206 V270 H0Z' },
  ],
  riders: [
    { x: 300, y: 186, scale: 1.1 },
    { x: 356, y: 182, scale: 1.1 },
  ],
  riderColour: '#2b2418',
};

const ICELAND: Scene = {
  sky: ['#9fb3c8', '#e9eef2'],
  sun: { x: 390, y: 64, r: 16, colour: '#fbfbf4' },
  ridges: [
    {
      fill: '#93a3b6',
      d: 'M0 146 L50 120 L90 134 L150 104 L210 130 L260 112 L330 134 L400 106 L480 130 V270 H0Z',
    },
    { fill: '#6f7f92', d: 'M0 164 L80 112 L130 140 L210 94 L280 142 L360 110 L480 152 V270 H0Z' },
    { fill: '#f4f6f8', d: 'M67 121 L80 112 L93 121 L86 118 L80 123 L74 118Z' },
    { fill: '#f4f6f8', d: 'M193 106 L210 94 L227 107 L218 104 L210 110 L202 104Z' },
    { fill: '#f4f6f8', d: 'M346 119 L360 110 L374 119 L367 116 L360 121 L353 116Z' },
    { fill: '#556b5b', d: 'M0 190 Q120 164 240 184 T480 172 V270 H0Z' },
    { fill: '#3e5244', d: 'M0 228 Q160 204 320 224 T480 214 V270 H0Z' },
  ],
  riders: [
    { x: 70, y: 196, scale: 1 },
    { x: 120, y: 199, scale: 1 },
    { x: 170, y: 201, scale: 1 },
    { x: 220, y: 203, scale: 1 },
  ],
  riderColour: '#1f2a24',
};

const CAMP: Scene = {
  sky: ['#6f86c9', '#f3c9a0'],
  sun: { x: 250, y: 170, r: 30, colour: '#ffe2b0' },
  ridges: [
    { fill: '#7a6a8f', d: 'M0 176 Q120 150 240 170 T480 160 V270 H0Z' },
    { fill: '#5a4b6b', d: 'M0 214 Q140 190 300 208 T480 200 V270 H0Z' },
  ],
  riders: [{ x: 330, y: 178, scale: 1.3 }],
  riderColour: '#2a2036',
};

const GOBI_RIDGE: Scene = {
  sky: ['#a9cbe3', '#f6e7cf'],
  sun: { x: 80, y: 58, r: 18, colour: '#fffaf0' },
  ridges: [
    {
      fill: '#cdb095',
      d: 'M0 150 L60 118 L110 138 L180 100 L250 132 L320 110 L400 136 L480 116 V270 H0Z',
    },
    { fill: '#b48a63', d: 'M0 190 Q100 160 220 182 T480 168 V270 H0Z' },
    { fill: '#8f6644', d: 'M0 232 Q170 204 330 222 T480 214 V270 H0Z' },
  ],
  riders: [
    { x: 250, y: 178, scale: 0.95 },
    { x: 298, y: 181, scale: 0.95 },
    { x: 346, y: 183, scale: 0.95 },
  ],
  riderColour: '#3b2616',
};

/** A tour's cover pictures, by the tour they belong to. */
export const TOUR_PICTURES = {
  gobi: picture(GOBI, 'Three riders crossing the dunes of the Gobi at sunset'),
  andalusia: picture(ANDALUSIA, 'Two riders on a green hillside above the olive groves'),
  iceland: picture(ICELAND, 'A line of riders below the volcanic ridges of the highlands'),
} as const;

/** Photos an organizer sends in the chat: the camp, the herd and the trail. */
export const CHAT_PHOTOS: readonly MediaItem[] = [
  picture(CAMP, 'Evening at the first camp, a rider by the lake'),
  picture(GOBI, 'The herd on the way to the dunes'),
  picture(GOBI_RIDGE, 'The trail along the ridge on day three'),
];
