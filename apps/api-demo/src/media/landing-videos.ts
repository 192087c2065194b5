import {
  VideoUnavailableError,
  type LandingVideoSource,
  type LandingVideoSpec,
} from '@gallop/api/src/modules/media/index.ts';
import { rasterizeScene } from './pictures.ts';
import type { Camera } from './render/svg.ts';
import { encodeMp4, findFfmpeg } from './video-encoder.ts';

/**
 * The camera at frame `index`: a slow drift sideways with a gentle push in, eased out and back
 * (a cosine), so the last frame flows into the first and the loop has no seam. Near layers move
 * more than far ones (parallax), which is what makes a still drawing read as filmed.
 */
export function cameraAt(index: number, frameCount: number, drift: -1 | 1): Camera {
  const phase = (1 - Math.cos((2 * Math.PI * index) / frameCount)) / 2;
  return { x: drift * 90 * phase, zoom: 1 + 0.06 * phase };
}

async function* sceneFrames(
  source: LandingVideoSource,
  spec: LandingVideoSpec,
): AsyncGenerator<Buffer> {
  for (let index = 0; index < spec.frames; index += 1) {
    const camera = cameraAt(index, spec.frames, source.drift);
    const frame = await rasterizeScene(source, spec.width, spec.height, camera);
    yield await frame.removeAlpha().raw().toBuffer();
  }
}

/**
 * Films landing videos with ffmpeg: `ffmpegPath` instead of the npm-installed binary, or `null`
 * for none (every video is then unavailable).
 */
export function landingVideoRenderer(ffmpegPath?: string | null) {
  let ffmpeg: Promise<string | undefined> | undefined;
  return async (source: LandingVideoSource, spec: LandingVideoSpec, file: string) => {
    ffmpeg ??= ffmpegPath === null ? Promise.resolve(undefined) : findFfmpeg(ffmpegPath);
    const binary = await ffmpeg;
    if (!binary) {
      throw new VideoUnavailableError(
        'Landing videos are not available: this server has no video encoder (ffmpeg)',
      );
    }
    await encodeMp4(binary, file, spec, sceneFrames(source, spec));
  };
}
