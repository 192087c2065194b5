import type { GeneratedPicture, ImageVariant } from './image-pipeline.ts';
import type { LandingVideoSource, LandingVideoSpec } from './videos.ts';

/**
 * Draws pictures and films landing videos from nothing. Only the demo package implements it
 * (`@gallop/api-demo`, decision 105), and the API is given one only in demo mode: in production
 * `/media/generated/...` and the posters are not routes, and landing videos are served only if
 * their files are already in the media cache (rendered ahead of time).
 */
export interface MediaRenderer {
  /** One size and format of a generated picture (its bytes, encoded as `variant.format`). */
  renderPicture(picture: GeneratedPicture, variant: ImageVariant): Promise<Buffer>;
  /**
   * Encodes one landing video into `file` (MP4). Throws `VideoUnavailableError` when this host
   * has no video encoder.
   */
  renderLandingVideo(
    source: LandingVideoSource,
    spec: LandingVideoSpec,
    file: string,
  ): Promise<void>;
}
