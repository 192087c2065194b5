import type { Random } from './random.ts';
import { fmt, smoothLine, type Point } from './svg.ts';

/**
 * Silhouettes drawn in a local frame: feet on y = 0, facing right, about 100 units to the
 * horse's withers. `place` scales, mirrors and moves them onto the ground.
 */

export function place(markup: string, x: number, y: number, scale: number, facingLeft = false) {
  return `<g transform="translate(${fmt(x)} ${fmt(y)}) scale(${facingLeft ? -scale : scale} ${scale})">${markup}</g>`;
}

type Joint = readonly [x: number, y: number, width: number];

/** A tapered limb: an outline offset from its centre line by half the width at each joint. */
function limb(joints: readonly Joint[]): string {
  const left: Point[] = [];
  const right: Point[] = [];
  joints.forEach(([x, y, width], index) => {
    const [px, py] = joints[Math.max(0, index - 1)]!;
    const [nx, ny] = joints[Math.min(joints.length - 1, index + 1)]!;
    const length = Math.hypot(nx - px, ny - py) || 1;
    const normalX = -(ny - py) / length;
    const normalY = (nx - px) / length;
    left.push({ x: x + (normalX * width) / 2, y: y + (normalY * width) / 2 });
    right.push({ x: x - (normalX * width) / 2, y: y - (normalY * width) / 2 });
  });
  const back = smoothLine(right.reverse()).replace(/^M/, 'L');
  return `<path d="${smoothLine(left)}${back}Z"/>`;
}

export type Gait = 'walk' | 'stand' | 'trot';

// Legs from the body down to the hoof: [x, y, width], facing right, ground at y = 0.
const LEGS: Record<Gait, readonly Joint[][]> = {
  walk: [
    // far fore leg, lifted and folding back at the knee
    [
      [32, -64, 14],
      [29, -37, 8.5],
      [21, -20, 5.5],
      [17, -15, 6.5],
      [15, -9, 7.5],
    ],
    // far hind leg, reaching under the body
    [
      [-26, -70, 20],
      [-27, -38, 9],
      [-22, -12, 5.5],
      [-20, -6, 6.5],
      [-17, 0, 8],
    ],
    // near fore leg, carrying the weight
    [
      [42, -66, 15],
      [45, -36, 9],
      [46, -12, 5.5],
      [47, -6, 6.5],
      [49, 0, 8],
    ],
    // near hind leg, pushing off behind with the hock angled back
    [
      [-40, -72, 24],
      [-47, -36, 9.5],
      [-47, -12, 5.5],
      [-47, -6, 6.5],
      [-45, 0, 8],
    ],
  ],
  stand: [
    [
      [34, -64, 14],
      [34, -37, 8.5],
      [34, -12, 5.5],
      [35, -6, 6.5],
      [36, 0, 8],
    ],
    [
      [-30, -70, 20],
      [-36, -38, 9],
      [-33, -12, 5.5],
      [-32, -6, 6.5],
      [-30, 0, 8],
    ],
    [
      [42, -66, 15],
      [43, -36, 9],
      [43, -12, 5.5],
      [44, -6, 6.5],
      [46, 0, 8],
    ],
    [
      [-40, -72, 24],
      [-47, -36, 9.5],
      [-44, -12, 5.5],
      [-43, -6, 6.5],
      [-41, 0, 8],
    ],
  ],
  trot: [
    [
      [32, -64, 14],
      [28, -37, 8.5],
      [26, -12, 5.5],
      [27, -6, 6.5],
      [29, 0, 8],
    ],
    [
      [-26, -70, 20],
      [-24, -40, 9],
      [-16, -18, 5.5],
      [-13, -13, 6.5],
      [-10, -8, 8],
    ],
    [
      [42, -66, 15],
      [56, -44, 9],
      [52, -24, 5.5],
      [54, -19, 6.5],
      [58, -15, 8],
    ],
    [
      [-40, -72, 24],
      [-50, -38, 9.5],
      [-56, -14, 5.5],
      [-57, -8, 6.5],
      [-56, -2, 8],
    ],
  ],
};

const HORSE_BODY =
  '<path d="M-56 -80C-58 -92 -50 -101 -38 -102C-26 -102 -10 -95 4 -96C10 -97 14 -101 20 -103' +
  // arched crest up to the poll, then the ears
  'C30 -113 46 -131 64 -141L64 -152L69 -144L72 -154L74 -143' +
  // the long face, muzzle, chin, round jaw and throat
  'C84 -133 96 -118 103 -108C107 -103 105 -96 99 -95C92 -95 86 -99 80 -104C76 -108 73 -114 69 -119' +
  // under the neck to the chest, belly and flank
  'C62 -108 56 -98 53 -90C55 -82 54 -72 47 -64C36 -55 10 -54 -6 -55C-20 -55 -30 -58 -40 -61' +
  'C-50 -63 -56 -70 -56 -80Z"/>' +
  // tail
  '<path d="M-54 -92C-66 -90 -72 -72 -70 -46C-69 -40 -63 -42 -63 -48C-63 -62 -60 -76 -50 -84Z"/>';

const RIDER =
  // torso sitting tall, neck, head and a wide-brimmed hat
  '<path d="M-8 -98L13 -99L15 -134C14 -142 0 -143 -2 -136Z"/>' +
  '<path d="M4 -142h8v6h-8Z"/>' +
  '<circle cx="8" cy="-149" r="8"/>' +
  '<ellipse cx="8" cy="-155" rx="14" ry="2.4"/>' +
  '<path d="M1.5 -156L2.5 -164C4 -167 12 -167 13.5 -164L14.5 -156Z"/>' +
  // thigh, lower leg and boot in the stirrup; arm holding the reins
  limb([
    [2, -100, 12],
    [19, -86, 10],
    [15, -64, 7],
    [23, -61, 5],
  ]) +
  limb([
    [6, -134, 8],
    [11, -114, 6.5],
    [26, -108, 5],
  ]);

const REINS = '<path d="M26 -108L72 -112L92 -99" fill="none" stroke-width="1.6"/>';

export interface HorseOptions {
  rider?: boolean;
  gait?: Gait;
}

/** A horse (and rider) silhouette in one colour. */
export function horseSilhouette(color: string, options: HorseOptions = {}): string {
  const gait = options.gait ?? 'walk';
  const rider = options.rider ?? true;
  return (
    `<g fill="${color}" stroke="${color}" stroke-linejoin="round">` +
    `<g stroke="none">${LEGS[gait].map(limb).join('')}${HORSE_BODY}${rider ? RIDER : ''}</g>` +
    `${rider ? REINS : ''}</g>`
  );
}

/** A conifer of `height` units standing on (x, y). */
export function conifer(random: Random, x: number, y: number, height: number): string {
  const width = height * random.between(0.28, 0.38);
  const tiers = 4;
  let path = '';
  for (let tier = 0; tier < tiers; tier += 1) {
    const top = y - height + (tier * height * 0.72) / tiers;
    const bottom = top + height * 0.42;
    const half = (width / 2) * (0.45 + (tier / (tiers - 1)) * 0.55);
    path += `M${fmt(x)} ${fmt(top)}L${fmt(x + half)} ${fmt(bottom)}L${fmt(x + half * 0.35)} ${fmt(bottom - height * 0.05)}L${fmt(x - half * 0.35)} ${fmt(bottom - height * 0.05)}L${fmt(x - half)} ${fmt(bottom)}Z`;
  }
  const trunk = height * 0.05;
  path += `M${fmt(x - trunk / 2)} ${fmt(y - height * 0.2)}h${fmt(trunk)}v${fmt(height * 0.2)}h${fmt(-trunk)}Z`;
  return `<path d="${path}"/>`;
}

/** A round-crowned broadleaf tree. */
export function broadleaf(random: Random, x: number, y: number, height: number): string {
  const crown = height * random.between(0.3, 0.38);
  const trunkWidth = height * 0.06;
  let markup = `<path d="M${fmt(x - trunkWidth / 2)} ${fmt(y)}L${fmt(x - trunkWidth * 0.3)} ${fmt(y - height * 0.55)}L${fmt(x + trunkWidth * 0.3)} ${fmt(y - height * 0.55)}L${fmt(x + trunkWidth / 2)} ${fmt(y)}Z"/>`;
  const centerY = y - height + crown;
  for (let blob = 0; blob < 5; blob += 1) {
    const bx = x + random.between(-0.55, 0.55) * crown;
    const by = centerY + random.between(-0.3, 0.45) * crown;
    const r = crown * random.between(0.5, 0.75);
    markup += `<circle cx="${fmt(bx)}" cy="${fmt(by)}" r="${fmt(r)}"/>`;
  }
  return markup;
}

/** A slim cypress or poplar. */
export function poplar(random: Random, x: number, y: number, height: number): string {
  const width = height * random.between(0.16, 0.22);
  return `<path d="M${fmt(x)} ${fmt(y - height)}C${fmt(x + width * 0.7)} ${fmt(y - height * 0.7)} ${fmt(x + width * 0.6)} ${fmt(y - height * 0.1)} ${fmt(x)} ${fmt(y)}C${fmt(x - width * 0.6)} ${fmt(y - height * 0.1)} ${fmt(x - width * 0.7)} ${fmt(y - height * 0.7)} ${fmt(x)} ${fmt(y - height)}Z"/>`;
}

/** A palm with a leaning trunk and drooping fronds. */
export function palm(random: Random, x: number, y: number, height: number): string {
  const lean = random.between(-0.25, 0.25) * height;
  const topX = x + lean;
  const topY = y - height;
  let markup = `<path d="M${fmt(x - 4)} ${fmt(y)}Q${fmt(x + lean * 0.2)} ${fmt(y - height * 0.6)} ${fmt(topX - 1.5)} ${fmt(topY)}L${fmt(topX + 1.5)} ${fmt(topY)}Q${fmt(x + lean * 0.2 + 6)} ${fmt(y - height * 0.6)} ${fmt(x + 4)} ${fmt(y)}Z"/>`;
  for (let frond = 0; frond < 7; frond += 1) {
    const angle = -Math.PI + (frond / 6) * Math.PI + random.between(-0.15, 0.15);
    const length = height * random.between(0.32, 0.45);
    const endX = topX + Math.cos(angle) * length;
    const endY = topY + Math.sin(angle) * length * 0.5 + length * 0.35;
    const midX = topX + Math.cos(angle) * length * 0.55;
    const midY = topY + Math.sin(angle) * length * 0.55 - length * 0.1;
    markup += `<path d="M${fmt(topX)} ${fmt(topY)}Q${fmt(midX)} ${fmt(midY - 6)} ${fmt(endX)} ${fmt(endY)}Q${fmt(midX)} ${fmt(midY + 5)} ${fmt(topX)} ${fmt(topY + 3)}Z"/>`;
  }
  return markup;
}

/** A flat-topped umbrella acacia of the savannah: a forked trunk under a wide, thin crown. */
export function acacia(random: Random, x: number, y: number, height: number): string {
  const lean = random.between(-0.08, 0.08) * height;
  const crownY = y - height * random.between(0.78, 0.86);
  const half = height * random.between(0.42, 0.55);
  const trunk = height * 0.045;
  const forkY = y - height * 0.45;
  let markup = `<path d="M${fmt(x - trunk)} ${fmt(y)}L${fmt(x + lean - trunk * 0.6)} ${fmt(forkY)}L${fmt(x + lean + trunk * 0.6)} ${fmt(forkY)}L${fmt(x + trunk)} ${fmt(y)}Z"/>`;
  // Branches spread from the fork to the underside of the crown.
  for (const reach of [-0.55, 0.1, 0.6]) {
    markup += `<path d="M${fmt(x + lean)} ${fmt(forkY)}L${fmt(x + lean + reach * half)} ${fmt(crownY + height * 0.06)}" stroke-width="${fmt(trunk * 0.9)}" fill="none" stroke-linecap="round"/>`;
  }
  for (let layer = 0; layer < 3; layer += 1) {
    const cx = x + lean + random.between(-0.15, 0.15) * half;
    const rx = half * random.between(0.6, 1);
    const cy = crownY - layer * height * 0.035;
    markup += `<ellipse cx="${fmt(cx)}" cy="${fmt(cy)}" rx="${fmt(rx)}" ry="${fmt(height * random.between(0.06, 0.09))}"/>`;
  }
  return markup;
}

/** A saguaro cactus. */
export function cactus(random: Random, x: number, y: number, height: number): string {
  const w = height * 0.12;
  const stroke = (d: string, width: number) =>
    `<path d="${d}" stroke-width="${fmt(width)}" fill="none" stroke-linecap="round"/>`;
  let markup = stroke(`M${fmt(x)} ${fmt(y)}V${fmt(y - height + w / 2)}`, w);
  const armY = y - height * random.between(0.45, 0.6);
  markup += stroke(
    `M${fmt(x)} ${fmt(armY)}H${fmt(x + height * 0.22)}V${fmt(armY - height * 0.25)}`,
    w * 0.75,
  );
  if (random.chance(0.7)) {
    const otherY = y - height * random.between(0.35, 0.5);
    markup += stroke(
      `M${fmt(x)} ${fmt(otherY)}H${fmt(x - height * 0.2)}V${fmt(otherY - height * 0.22)}`,
      w * 0.75,
    );
  }
  return markup;
}

/** A low rounded shrub or boulder. */
export function shrub(random: Random, x: number, y: number, size: number): string {
  let markup = '';
  for (let blob = 0; blob < 3; blob += 1) {
    const r = size * random.between(0.3, 0.5);
    markup += `<ellipse cx="${fmt(x + random.between(-0.5, 0.5) * size)}" cy="${fmt(y - r * 0.5)}" rx="${fmt(r * 1.3)}" ry="${fmt(r)}"/>`;
  }
  return markup;
}

/** Blades of grass along the bottom edge, to soften the foreground. */
export function grassTufts(
  random: Random,
  heightAt: (x: number) => number,
  from: number,
  to: number,
  size: number,
): string {
  let path = '';
  for (let x = from; x < to; x += random.between(size * 0.3, size * 1.2)) {
    const y = heightAt(x) + 3;
    const blades = random.int(2, 4);
    for (let blade = 0; blade < blades; blade += 1) {
      const bx = x + random.between(-size * 0.3, size * 0.3);
      const h = size * random.between(0.5, 1.2);
      const bend = random.between(-0.4, 0.4) * h;
      path += `M${fmt(bx - 1.6)} ${fmt(y)}Q${fmt(bx + bend * 0.4)} ${fmt(y - h * 0.6)} ${fmt(bx + bend)} ${fmt(y - h)}Q${fmt(bx + bend * 0.4 + 1)} ${fmt(y - h * 0.55)} ${fmt(bx + 1.6)} ${fmt(y)}Z`;
    }
  }
  return `<path d="${path}"/>`;
}
