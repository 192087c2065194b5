/** Video sources the site embeds in an iframe (docs/product.md, Entities). */
export const VIDEO_SOURCES = ['youtube', 'rutube', 'vimeo'] as const;
export type VideoSource = (typeof VIDEO_SOURCES)[number];

export interface VideoEmbed {
  source: VideoSource;
  /** The provider's player URL for an iframe. */
  url: string;
}

const YOUTUBE_ID = /^[\w-]{6,}$/;

/** The iframe player for a youtube, rutube or vimeo link; `undefined` for anything else. */
export function videoEmbed(link: string): VideoEmbed | undefined {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return undefined;
  }
  const host = url.hostname.replace(/^(www\.|m\.)/, '');
  const path = url.pathname.split('/').filter(Boolean);
  if (host === 'youtu.be' || host === 'youtube.com' || host === 'youtube-nocookie.com') {
    const id =
      host === 'youtu.be'
        ? path[0]
        : (url.searchParams.get('v') ??
          (['embed', 'shorts', 'live'].includes(path[0] ?? '') ? path[1] : undefined));
    return id && YOUTUBE_ID.test(id)
      ? { source: 'youtube', url: `https://www.youtube.com/embed/${id}` }
      : undefined;
  }
  if (host === 'rutube.ru') {
    const id =
      path[0] === 'video' || path[0] === 'shorts'
        ? path[1]
        : path[0] === 'play'
          ? path[2]
          : undefined;
    return id && /^[\da-f]{16,}$/i.test(id)
      ? { source: 'rutube', url: `https://rutube.ru/play/embed/${id}` }
      : undefined;
  }
  if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    const id = path.find((part) => /^\d+$/.test(part));
    return id ? { source: 'vimeo', url: `https://player.vimeo.com/video/${id}` } : undefined;
  }
  return undefined;
}
