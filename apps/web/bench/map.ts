/**
 * `pnpm bench:map` (issue 47): how smoothly the search map pans with every demo result on it
 * (265 tours, 250 at least), clustered, in headless Chromium. Starts the built API and web server
 * (as `pnpm bench:web`), opens `/tours` at 1440x900, 'Show on map', then drags the map for a few
 * seconds at the world view and again zoomed in, where most tours are single price markers.
 * Frame times are the gaps between requestAnimationFrame callbacks during each drag. Prints a
 * Markdown table for docs/benchmarks.md; timings live here, never in tests.
 */
import os from 'node:os';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_FLAGS, chromiumPath } from './chromium.ts';
import { ensureBuilt, snapshotWebDist, startServers } from './servers.ts';
import { median, percentile } from './stats.ts';

const MIN_MARKERS = 250;
const DRAG_MS = 4000;
/** A frame at 60 fps; a gap longer than 1.5 frames is a dropped frame. */
const FRAME_MS = 1000 / 60;

interface Pan {
  view: string;
  markers: number;
  frames: number;
  fps: number;
  median: number;
  p95: number;
  p99: number;
  dropped: number;
}

/** Records the gap before every animation frame until `stopFrames()` is called. */
const RECORD_FRAMES = `(() => {
  const gaps = [];
  let last = performance.now();
  let running = true;
  const tick = (now) => {
    gaps.push(now - last);
    last = now;
    if (running) requestAnimationFrame(tick);
  };
  requestAnimationFrame((now) => {
    last = now;
    requestAnimationFrame(tick);
  });
  window.stopFrames = () => {
    running = false;
    return gaps;
  };
})()`;

/** Drags the map in a slow circle for DRAG_MS while the page records rAF gaps. */
async function pan(page: Page, view: string): Promise<Pan> {
  const canvas = page.locator('.gallop-map canvas.maplibregl-canvas');
  const box = (await canvas.boundingBox())!;
  const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const markers = await page.locator('.gallop-map .maplibregl-marker').count();
  // A string, not a function: tsx's esbuild would name the inner functions with a helper the
  // page does not have.
  await page.evaluate(RECORD_FRAMES);
  await page.mouse.move(centre.x, centre.y);
  await page.mouse.down();
  const started = Date.now();
  for (let step = 0; Date.now() - started < DRAG_MS; step += 1) {
    const angle = step / 20;
    await page.mouse.move(centre.x + Math.cos(angle) * 150, centre.y + Math.sin(angle) * 90);
  }
  await page.mouse.up();
  const gaps = (await page.evaluate('window.stopFrames()')) as number[];
  const sorted = [...gaps].sort((a, b) => a - b);
  const seconds = gaps.reduce((sum, gap) => sum + gap, 0) / 1000;
  return {
    view,
    markers,
    frames: gaps.length,
    fps: gaps.length / seconds,
    median: median(gaps),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
    dropped: gaps.filter((gap) => gap > FRAME_MS * 1.5).length,
  };
}

await ensureBuilt(process.argv.includes('--build'));
const servers = await startServers(await snapshotWebDist());
const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS });
const results: Pan[] = [];
let total: number;
let renderer: string;
try {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.goto(`${servers.web.url}/tours`);
  const answer = await page.request.get(`${servers.web.url}/spa/tours-map`);
  total = ((await answer.json()) as { points: unknown[] }).points.length;
  if (total < MIN_MARKERS) throw new Error(`only ${total} tours on the map, ${MIN_MARKERS} wanted`);
  renderer = (await page.evaluate(
    `(() => { const gl = document.createElement('canvas').getContext('webgl2'); return gl ? String(gl.getParameter(gl.getExtension('WEBGL_debug_renderer_info')?.UNMASKED_RENDERER_WEBGL ?? gl.RENDERER)) : 'no WebGL 2'; })()`,
  )) as string;
  await page.locator('.search-map').getByRole('button', { name: 'Show on map' }).click();
  await page.locator('.gallop-map[aria-busy="false"] .maplibregl-marker').first().waitFor();
  await page.waitForTimeout(1500);
  results.push(await pan(page, 'world, clustered'));
  // The same pan with the markers hidden: what the canvas alone costs on this machine, so the
  // markers' share reads as a ratio (absolute fps move with the machine's load).
  const hidden = await page.addStyleTag({
    content: '.gallop-map .maplibregl-marker { display: none }',
  });
  results.push(await pan(page, 'world, markers hidden (baseline)'));
  await hidden.evaluate((element) => (element as HTMLStyleElement).remove());
  // Three zoom steps in (keyboard '+') over the busiest cluster's part of the world.
  await page.locator('.gallop-map__cluster').first().click();
  await page.waitForTimeout(1500);
  await page.locator('.gallop-map canvas.maplibregl-canvas').focus();
  for (let press = 0; press < 2; press += 1) await page.keyboard.press('=');
  await page.waitForTimeout(1500);
  results.push(await pan(page, 'zoomed in, single price markers'));
} finally {
  await browser.close();
  await servers.stop();
}

const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
const ms = (value: number) => value.toFixed(1);
console.info(
  [
    `Map pan (${new Date().toISOString()}): ${total} tours on the map, 1440x900, ${os.cpus().length} × ${cpu}, ` +
      `load ${os
        .loadavg()
        .map((value) => value.toFixed(2))
        .join(', ')}, WebGL renderer: ${renderer}`,
    '',
    '| view | markers drawn | frames | fps | median frame | p95 | p99 | frames > 25 ms |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    ...results.map(
      (run) =>
        `| ${run.view} | ${run.markers} | ${run.frames} | ${run.fps.toFixed(1)} | ${ms(run.median)} ms | ${ms(run.p95)} ms | ${ms(run.p99)} ms | ${run.dropped} |`,
    ),
  ].join('\n'),
);
