/**
 * A tiny SVG writer. Scenes draw in "world units": the picture is 1000 units high and as wide as
 * its aspect ratio asks, with x = 0 in the middle, so every size shows the same world (a wider
 * crop shows more of it) and the rasteriser draws straight at the requested pixel size.
 */

export const WORLD_HEIGHT = 1000;

export interface Point {
  x: number;
  y: number;
}

export interface Camera {
  /** Horizontal shift of the nearest layer in world units (far layers move less: parallax). */
  x: number;
  /** 1 shows the whole frame; above 1 zooms in around the centre. */
  zoom: number;
}

export const STILL_CAMERA: Camera = { x: 0, zoom: 1 };

export interface Stop {
  offset: number;
  color: string;
  opacity?: number;
}

const round = (value: number) => Math.round(value * 10) / 10;

export class SvgCanvas {
  /** Width of the visible world in units (1000 * aspect ratio). */
  readonly width: number;
  readonly left: number;
  readonly right: number;
  /** Extra world drawn beyond each side, so panning layers never show an edge. */
  readonly overscan: number;
  private readonly defs: string[] = [];
  private readonly body: string[] = [];
  private nextId = 0;
  /**
   * Pixels drawn beyond each edge and cropped after rasterising. Blur filters fade towards their
   * surface's edge, so a blurred picture is drawn a little larger than the frame.
   */
  bleed = 0;

  constructor(
    readonly pixelWidth: number,
    readonly pixelHeight: number,
    readonly camera: Camera = STILL_CAMERA,
  ) {
    this.width = (WORLD_HEIGHT * pixelWidth) / pixelHeight;
    this.left = -this.width / 2;
    this.right = this.width / 2;
    this.overscan = this.width * 0.25 + Math.abs(camera.x) + 50;
  }

  /** First and last x worth drawing for a layer that spans the whole width. */
  get spanStart(): number {
    return this.left - this.overscan;
  }

  get spanEnd(): number {
    return this.right + this.overscan;
  }

  id(prefix: string): string {
    this.nextId += 1;
    return `${prefix}${this.nextId}`;
  }

  def(markup: string): void {
    this.defs.push(markup);
  }

  add(markup: string): void {
    this.body.push(markup);
  }

  /**
   * Draws a layer at a depth: 0 is the nearest ground (moves with the camera), 1 is as far as
   * the sky (never moves). Still images have no camera shift, so the transform is left out.
   */
  layer(depth: number, markup: string): void {
    const shift = -this.camera.x * (1 - depth);
    this.body.push(
      shift === 0 ? markup : `<g transform="translate(${round(shift)} 0)">${markup}</g>`,
    );
  }

  /** Wraps everything added until `endGroup()` (e.g. to blur a whole background). */
  beginGroup(attributes: string): void {
    this.body.push(`<g ${attributes}>`);
  }

  endGroup(): void {
    this.body.push('</g>');
  }

  linearGradient(stops: readonly Stop[], from: Point, to: Point, userSpace = false): string {
    const id = this.id('lg');
    const units = userSpace ? ' gradientUnits="userSpaceOnUse"' : '';
    this.def(
      `<linearGradient id="${id}" x1="${round(from.x)}" y1="${round(from.y)}" x2="${round(to.x)}" y2="${round(to.y)}"${units}>${stopsMarkup(stops)}</linearGradient>`,
    );
    return `url(#${id})`;
  }

  /** A top-to-bottom gradient over the shape's own box. */
  verticalGradient(stops: readonly Stop[]): string {
    return this.linearGradient(stops, { x: 0, y: 0 }, { x: 0, y: 1 });
  }

  /** A top-to-bottom gradient in world units (so several shapes share one light). */
  verticalWorldGradient(stops: readonly Stop[], top: number, bottom: number): string {
    return this.linearGradient(stops, { x: 0, y: top }, { x: 0, y: bottom }, true);
  }

  radialGradient(stops: readonly Stop[], center: Point, radius: number, scaleY = 1): string {
    const id = this.id('rg');
    const transform =
      scaleY === 1
        ? ''
        : ` gradientTransform="translate(${round(center.x)} ${round(center.y)}) scale(1 ${scaleY}) translate(${round(-center.x)} ${round(-center.y)})"`;
    this.def(
      `<radialGradient id="${id}" cx="${round(center.x)}" cy="${round(center.y)}" r="${round(radius)}" gradientUnits="userSpaceOnUse"${transform}>${stopsMarkup(stops)}</radialGradient>`,
    );
    return `url(#${id})`;
  }

  /** A Gaussian blur filter; `deviation` in world units. */
  blur(deviation: number): string {
    const id = this.id('bl');
    const pixelsPerUnit = this.pixelHeight / WORLD_HEIGHT;
    this.bleed = Math.max(this.bleed, Math.ceil(deviation * pixelsPerUnit * 3));
    this.def(
      `<filter id="${id}" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${round(deviation)}" edgeMode="duplicate"/></filter>`,
    );
    return `url(#${id})`;
  }

  clipPath(markup: string): string {
    const id = this.id('cp');
    this.def(`<clipPath id="${id}">${markup}</clipPath>`);
    return `url(#${id})`;
  }

  toString(): string {
    const zoom = this.camera.zoom;
    const unitsPerPixel = WORLD_HEIGHT / zoom / this.pixelHeight;
    const margin = this.bleed * unitsPerPixel;
    const viewWidth = this.width / zoom + 2 * margin;
    const viewHeight = WORLD_HEIGHT / zoom + 2 * margin;
    // Zoom towards a point a little below the middle, where the subject stands.
    const viewLeft = -viewWidth / 2;
    const viewTop = (WORLD_HEIGHT - WORLD_HEIGHT / zoom) * 0.6 - margin;
    const width = this.pixelWidth + 2 * this.bleed;
    const height = this.pixelHeight + 2 * this.bleed;
    return (
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" ` +
      `viewBox="${viewLeft} ${viewTop} ${viewWidth} ${viewHeight}" preserveAspectRatio="xMidYMid slice">` +
      `<defs>${this.defs.join('')}</defs>${this.body.join('')}</svg>`
    );
  }
}

function stopsMarkup(stops: readonly Stop[]): string {
  return stops
    .map(
      (stop) =>
        `<stop offset="${round(stop.offset * 100)}%" stop-color="${stop.color}"${
          stop.opacity === undefined ? '' : ` stop-opacity="${round(stop.opacity * 100) / 100}"`
        }/>`,
    )
    .join('');
}

export function fmt(value: number): string {
  return String(round(value));
}

/** A polyline path through the points. */
export function polyline(points: readonly Point[]): string {
  return points
    .map((point, index) => `${index === 0 ? 'M' : 'L'}${fmt(point.x)} ${fmt(point.y)}`)
    .join('');
}

/** A smooth path through the points (Catmull-Rom turned into cubic Béziers). */
export function smoothLine(points: readonly Point[]): string {
  if (points.length < 3) return polyline(points);
  const first = points[0]!;
  let path = `M${fmt(first.x)} ${fmt(first.y)}`;
  for (let index = 0; index < points.length - 1; index += 1) {
    const before = points[index - 1] ?? points[index]!;
    const from = points[index]!;
    const to = points[index + 1]!;
    const after = points[index + 2] ?? to;
    const c1 = { x: from.x + (to.x - before.x) / 6, y: from.y + (to.y - before.y) / 6 };
    const c2 = { x: to.x - (after.x - from.x) / 6, y: to.y - (after.y - from.y) / 6 };
    path += `C${fmt(c1.x)} ${fmt(c1.y)} ${fmt(c2.x)} ${fmt(c2.y)} ${fmt(to.x)} ${fmt(to.y)}`;
  }
  return path;
}

/** Closes a ridge line down to `bottom`, giving a filled band of land. */
export function closeDown(line: string, points: readonly Point[], bottom: number): string {
  const first = points[0]!;
  const last = points.at(-1)!;
  return `${line}L${fmt(last.x)} ${fmt(bottom)}L${fmt(first.x)} ${fmt(bottom)}Z`;
}
