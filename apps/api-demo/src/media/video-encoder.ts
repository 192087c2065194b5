import { spawn } from 'node:child_process';
import { access, constants } from 'node:fs/promises';
import { createRequire } from 'node:module';

export interface VideoSpec {
  width: number;
  height: number;
  fps: number;
  /** x264 constant rate factor: higher is smaller and softer. */
  crf: number;
}

/**
 * The ffmpeg binary shipped as an npm package (`@ffmpeg-installer/<platform>`, an optional
 * dependency): it arrives with `pnpm install` from the registry, needs no download script, and
 * is absent on platforms it does not cover. `undefined` means "no encoder here".
 */
export async function findFfmpeg(explicitPath?: string): Promise<string | undefined> {
  const candidates: string[] = [];
  if (explicitPath) candidates.push(explicitPath);
  const installed = installedFfmpeg();
  if (installed) candidates.push(installed);
  for (const candidate of candidates) {
    try {
      await access(candidate, constants.X_OK);
      return candidate;
    } catch {
      // Try the next one.
    }
  }
  return undefined;
}

/**
 * The npm-installed binary's path. The package is this one's dependency; bundled into the API's
 * build (a chunk in apps/api/dist), this module looks for it from this package's folder.
 */
function installedFfmpeg(): string | undefined {
  const bases = [import.meta.url];
  try {
    bases.push(import.meta.resolve('@gallop/api-demo'));
  } catch {
    // Not resolvable from here: the first base is the package itself.
  }
  for (const base of bases) {
    try {
      // createRequire keeps bundlers from inlining the package (it locates its binary at runtime).
      const installer = createRequire(base)('@ffmpeg-installer/ffmpeg') as { path: string };
      return installer.path;
    } catch {
      // Not installed, or no binary for this platform.
    }
  }
  return undefined;
}

/**
 * Encodes raw RGB frames into an H.264 MP4 that browsers play inline: yuv420p, `+faststart`
 * (the index first, so playback starts before the download ends), no audio track.
 */
export async function encodeMp4(
  ffmpeg: string,
  output: string,
  spec: VideoSpec,
  frames: AsyncIterable<Buffer>,
): Promise<void> {
  const child = spawn(
    ffmpeg,
    [
      ...['-hide_banner', '-loglevel', 'error', '-nostdin', '-y'],
      ...['-f', 'rawvideo', '-pix_fmt', 'rgb24', '-s', `${spec.width}x${spec.height}`],
      ...['-r', String(spec.fps), '-i', 'pipe:0'],
      ...['-c:v', 'libx264', '-preset', 'slow', '-tune', 'animation', '-crf', String(spec.crf)],
      // One thread: the API keeps answering while videos render, and output is reproducible.
      ...['-threads', '1', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', '-an'],
      ...['-f', 'mp4', output],
    ],
    { stdio: ['pipe', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-2000);
  });
  const exited = new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`ffmpeg exited with ${code}: ${stderr.trim()}`)),
    );
  });
  // A broken pipe surfaces through `exited` (with ffmpeg's own message); stop writing then.
  let closed = false;
  child.once('close', () => {
    closed = true;
  });
  child.stdin.on('error', () => undefined);
  const drainedOrClosed = () =>
    new Promise<void>((resolve) => {
      const done = () => {
        child.stdin.off('drain', done);
        child.off('close', done);
        resolve();
      };
      child.stdin.once('drain', done);
      child.once('close', done);
    });
  try {
    for await (const frame of frames) {
      if (closed) break;
      if (!child.stdin.write(frame)) await drainedOrClosed();
    }
  } finally {
    child.stdin.end();
  }
  await exited;
}
