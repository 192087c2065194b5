import { darken, lighten, mix } from '../color.ts';
import type { Landscape } from '../landscapes.ts';
import { LIGHTS, type Light } from '../palettes.ts';
import type { Random } from '../random.ts';
import { fmt, smoothLine, type Point, type SvgCanvas } from '../svg.ts';
import { drawSoftBackdrop } from './backdrop.ts';

interface Coat {
  coat: string;
  mane: string;
  /** Pale markings (blaze) suit some coats. */
  markings: boolean;
}

const COATS: readonly Coat[] = [
  { coat: '#8a5431', mane: '#24170f', markings: true }, // bay
  { coat: '#a9643a', mane: '#7a4024', markings: true }, // chestnut
  { coat: '#c9c3ba', mane: '#ece8e1', markings: false }, // grey
  { coat: '#3a2e2c', mane: '#1a1313', markings: true }, // black
  { coat: '#d4a862', mane: '#f1e2c0', markings: true }, // palomino
  { coat: '#c39a66', mane: '#2a1f18', markings: false }, // buckskin
  { coat: '#6e4b37', mane: '#2b1d16', markings: true }, // brown
];

// The head and neck facing right, poll at (0, 0), about 100 units from poll to muzzle.
const HEAD_OUTLINE =
  'M-190 280C-140 170 -80 60 -16 4' +
  // ears
  'C-19 -8 -16 -20 -10 -30C-6 -20 -3 -10 -1 -2C-1 -14 5 -26 11 -34C15 -22 15 -10 13 0' +
  // forehead, face, the big soft muzzle
  'C30 6 46 22 58 40C68 56 74 66 80 76C87 88 84 100 74 102C67 103 62 100 58 98' +
  // chin, the round jaw, throat, under the neck
  'C54 104 44 104 40 98C28 92 10 88 4 74C-2 60 -4 50 -10 50C-22 80 -18 180 0 280Z';

/** A close portrait of a horse's head against a soft, out-of-focus landscape. */
export function drawHorsePortrait(canvas: SvgCanvas, random: Random, landscape: Landscape): void {
  const light: Light = LIGHTS[random.pick(['golden', 'golden', 'day', 'dawn', 'dusk'] as const)];

  drawSoftBackdrop(canvas, random.fork('backdrop'), light, landscape);

  const coat = random.pick(COATS);
  const facingLeft = random.chance(0.5);
  const scale = random.between(3.6, 4.2);
  const pollX =
    (facingLeft ? 1 : -1) * canvas.width * random.between(0.0, 0.08) + (facingLeft ? 60 : -60);
  const pollY = random.between(250, 320);
  canvas.layer(
    0.6,
    `<g transform="translate(${fmt(pollX)} ${fmt(pollY)}) scale(${facingLeft ? -scale : scale} ${scale})">${horseHead(canvas, random, coat, light)}</g>`,
  );
}

function horseHead(canvas: SvgCanvas, random: Random, coat: Coat, light: Light): string {
  const lit = mix(lighten(coat.coat, 0.12), light.tint, 0.25);
  const shade = darken(coat.coat, 0.45);
  const body = canvas.linearGradient(
    [
      { offset: 0, color: lit },
      { offset: 0.45, color: coat.coat },
      { offset: 1, color: shade },
    ],
    { x: 40, y: 0 },
    { x: -80, y: 220 },
    true,
  );
  const cheek = canvas.radialGradient(
    [
      { offset: 0, color: lighten(coat.coat, 0.22), opacity: 0.7 },
      { offset: 1, color: coat.coat, opacity: 0 },
    ],
    { x: 20, y: 66 },
    36,
  );
  const throat = canvas.radialGradient(
    [
      { offset: 0, color: darken(coat.coat, 0.5), opacity: 0.6 },
      { offset: 1, color: coat.coat, opacity: 0 },
    ],
    { x: -14, y: 70 },
    40,
  );
  const muzzle = canvas.radialGradient(
    [
      { offset: 0, color: darken(coat.coat, 0.35), opacity: 0.8 },
      { offset: 1, color: coat.coat, opacity: 0 },
    ],
    { x: 72, y: 90 },
    24,
  );
  const clip = canvas.clipPath(`<path d="${HEAD_OUTLINE}"/>`);
  let markup = `<path d="${HEAD_OUTLINE}" fill="${body}"/>`;
  markup += `<g clip-path="${clip}"><circle cx="20" cy="66" r="36" fill="${cheek}"/><circle cx="-14" cy="70" r="40" fill="${throat}"/><circle cx="72" cy="90" r="24" fill="${muzzle}"/>`;
  // Muscle lines of the neck and the bony ridge above the eye.
  if (coat.markings && random.chance(0.6)) {
    markup += `<path d="M24 4C34 8 40 16 44 22C52 34 62 52 70 66C74 74 78 82 80 90C75 84 71 77 66 70C56 52 46 36 36 24C30 18 26 12 24 4Z" fill="#f3efe8" opacity="0.92"/>`;
  }
  markup += '</g>';
  // Inner ears.
  markup += `<path d="M-6 -30C-4 -20 -3 -10 -2 -2L-8 0C-8 -10 -8 -20 -6 -30Z" fill="${darken(coat.coat, 0.5)}" opacity="0.6"/>`;
  markup += `<path d="M11 -34C14 -22 14 -12 12 0L6 -2C6 -14 8 -24 11 -34Z" fill="${darken(coat.coat, 0.5)}" opacity="0.6"/>`;
  // Eye, nostril, mouth.
  markup += `<g transform="translate(16 27) rotate(30)"><ellipse rx="7.4" ry="5" fill="${darken(coat.coat, 0.6)}"/><ellipse rx="6.2" ry="4.1" fill="#140d0a"/><ellipse cx="2.2" cy="-1.6" rx="1.7" ry="1.1" fill="#ffffff" opacity="0.75"/></g>`;
  markup += `<path d="M68 82C72 77 80 79 79 87C77 84 73 84 70 88Z" fill="#1a1210" opacity="0.8"/>`;
  markup += `<path d="M58 97C54 95 50 95 46 96" fill="none" stroke="#1a1210" stroke-width="1.3" opacity="0.6"/>`;
  markup += mane(random, coat);
  if (random.chance(0.7)) markup += bridle(random);
  return markup;
}

/** Locks of mane along the crest, and a forelock between the ears. */
function mane(random: Random, coat: Coat): string {
  const crest: Point[] = [];
  for (let t = 0; t <= 1.0001; t += 0.04) {
    // The crest curve of HEAD_OUTLINE: -190,280 -> -16,4.
    const u = 1 - t;
    crest.push({
      x: u ** 3 * -190 + 3 * u * u * t * -140 + 3 * u * t * t * -80 + t ** 3 * -16,
      y: u ** 3 * 280 + 3 * u * u * t * 170 + 3 * u * t * t * 60 + t ** 3 * 4,
    });
  }
  const outer: Point[] = crest.map((point, index) => {
    const next = crest[Math.min(crest.length - 1, index + 1)]!;
    const previous = crest[Math.max(0, index - 1)]!;
    const dx = next.x - previous.x;
    const dy = next.y - previous.y;
    const length = Math.hypot(dx, dy) || 1;
    const reach = random.between(10, 22) * (index === crest.length - 1 ? 0.3 : 1);
    return { x: point.x + (dy / length) * reach, y: point.y - (dx / length) * reach };
  });
  const inner = crest.map((point) => ({ x: point.x + 6, y: point.y + 2 })).reverse();
  const strands = crest
    .slice(2, -2)
    .map(
      (point, index) =>
        `<path d="M${fmt(point.x + 4)} ${fmt(point.y)}q${fmt(-14 - (index % 3) * 4)} ${fmt(6)} ${fmt(-22 - (index % 4) * 3)} ${fmt(22 + (index % 5) * 3)}" fill="none" stroke="${darken(coat.mane, 0.2)}" stroke-width="1.1" opacity="0.5"/>`,
    )
    .join('');
  return (
    `<path d="${smoothLine(outer)}${smoothLine(inner).replace(/^M/, 'L')}Z" fill="${coat.mane}"/>` +
    strands +
    `<path d="M-6 0C6 2 16 12 22 28C16 22 12 18 4 14C6 20 8 24 10 30C2 20 -4 10 -8 4Z" fill="${coat.mane}"/>`
  );
}

function bridle(random: Random): string {
  const leather = random.pick(['#3b2417', '#5a3620', '#2a211c']);
  const metal = '#d8d2c4';
  const strap = (d: string) =>
    `<path d="${d}" fill="none" stroke="${leather}" stroke-width="4" stroke-linecap="round"/>`;
  return (
    strap('M-4 4C2 30 22 64 52 94') + // cheekpiece
    strap('M60 46C52 62 44 76 38 88') + // noseband
    strap('M-6 6C-10 20 -12 36 -10 50') + // throatlash
    strap('M-2 4C4 2 12 2 18 6') + // browband
    `<circle cx="52" cy="94" r="4.5" fill="none" stroke="${metal}" stroke-width="2"/>`
  );
}
