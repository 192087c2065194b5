import type { MediaRenderer } from '@gallop/api/src/modules/media/index.ts';
import { landingVideoRenderer } from './landing-videos.ts';
import { renderGeneratedImage } from './pictures.ts';

/** The demo's pictures and landing videos; `ffmpegPath: null` films none (tests). */
export function createMediaRenderer(options: { ffmpegPath?: string | null } = {}): MediaRenderer {
  return {
    renderPicture: renderGeneratedImage,
    renderLandingVideo: landingVideoRenderer(options.ffmpegPath),
  };
}
