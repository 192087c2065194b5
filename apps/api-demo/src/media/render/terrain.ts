import type { Random } from './random.ts';
import { closeDown, polyline, smoothLine, type Point, type SvgCanvas } from './svg.ts';

/** Smooth 1-D value noise in [-1, 1]: the raw material of every ridge and hill. */
type Noise = (x: number) => number;

function createNoise(random: Random): Noise {
  const size = 256;
  const values = Array.from({ length: size }, () => random.between(-1, 1));
  return (x) => {
    const cell = Math.floor(x);
    const t = x - cell;
    const fade = t * t * t * (t * (t * 6 - 15) + 10);
    const a = values[((cell % size) + size) % size]!;
    const b = values[(((cell + 1) % size) + size) % size]!;
    return a + (b - a) * fade;
  };
}

/** Fractal noise: several octaves, each finer and fainter. */
function fractal(noise: Noise, x: number, octaves: number, roughness = 0.5): number {
  let sum = 0;
  let amplitude = 1;
  let frequency = 1;
  let norm = 0;
  for (let octave = 0; octave < octaves; octave += 1) {
    sum += noise(x * frequency + octave * 17.3) * amplitude;
    norm += amplitude;
    amplitude *= roughness;
    frequency *= 2.03;
  }
  return sum / norm;
}

export interface RidgeOptions {
  /** The ridge's mean height (y of the line, world units from the top). */
  base: number;
  /** How far it rises and falls around `base`. */
  amplitude: number;
  /** World units per noise cell: large values give long, gentle hills. */
  wavelength: number;
  octaves: number;
  roughness?: number;
  /** Sharp peaks instead of rounded hills. */
  jagged?: boolean;
  /** Sampling step in world units. */
  step?: number;
}

export interface Ridge {
  points: Point[];
  /** The ridge's y at any x (for placing trees, riders, houses). */
  heightAt(x: number): number;
  /** How far the ridge was lowered at x to open a valley or a shore (nothing grows there). */
  loweredAt?(x: number): number;
}

export function makeRidge(canvas: SvgCanvas, random: Random, options: RidgeOptions): Ridge {
  const noise = createNoise(random);
  const offset = random.between(0, 200);
  const heightAt = (x: number) => {
    const position = x / options.wavelength + offset;
    const value = options.jagged
      ? // Ridged noise: folding the signal makes sharp crests.
        1 - 2 * Math.abs(fractal(noise, position, options.octaves, options.roughness ?? 0.5))
      : fractal(noise, position, options.octaves, options.roughness ?? 0.5);
    return options.base - value * options.amplitude;
  };
  const step = options.step ?? (options.jagged ? 6 : 14);
  const points: Point[] = [];
  for (let x = canvas.spanStart; x <= canvas.spanEnd + step; x += step) {
    points.push({ x, y: heightAt(x) });
  }
  return { points, heightAt };
}

/** The ridge as a filled band of land reaching `bottom`. */
export function ridgePath(ridge: Ridge, bottom = 1100, smooth = true): string {
  const line = smooth ? smoothLine(ridge.points) : polyline(ridge.points);
  return closeDown(line, ridge.points, bottom);
}
