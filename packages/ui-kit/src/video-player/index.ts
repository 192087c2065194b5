export { VIDEO_SOURCES, videoEmbed } from './embed';
export type { VideoEmbed, VideoSource } from './embed';
export { VIDEO_PLAYER_TEXTS, VideoPlayer } from './video-player';
export type { VideoPlayerProps, VideoPlayerTexts, VideoState } from './video-player';
