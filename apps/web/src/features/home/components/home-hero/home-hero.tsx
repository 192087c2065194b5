import type { components } from '@gallop/api-client';
import { BackgroundVideoCarousel, imageUrl } from '@gallop/ui-kit';
import type { CSSProperties } from 'react';
import { SearchBox } from '../search-box/search-box';
import './home-hero.css';

type LandingVideo = components['schemas']['LandingVideo'];

/** 16:9 posters of the first video: the picture behind the headline until a video plays. */
const POSTER_SIZES = { small: '960x540', large: '1280x720' } as const;

export interface HomeHeroProps {
  /** The landing's videos from `/spa/info` (none while the API has not rendered them). */
  videos: readonly LandingVideo[];
}

/** The poster picture URLs of the landing (small below 992 px, large from there). */
export function heroPosterUrls(
  videos: readonly LandingVideo[],
): { small: string; large: string } | undefined {
  const [first] = videos;
  return first
    ? {
        small: imageUrl(first.poster, POSTER_SIZES.small),
        large: imageUrl(first.poster, POSTER_SIZES.large),
      }
    : undefined;
}

/**
 * Preload hints for the poster: it is the home page's largest paint, painted from CSS, so the
 * browser would otherwise find it only after the stylesheet.
 */
export function heroPosterPreloads(videos: readonly LandingVideo[]) {
  const posters = heroPosterUrls(videos);
  if (!posters) return [];
  return [
    {
      rel: 'preload',
      as: 'image',
      href: posters.small,
      media: '(max-width: 991.98px)',
      fetchPriority: 'high',
    },
    {
      rel: 'preload',
      as: 'image',
      href: posters.large,
      media: '(min-width: 992px)',
      fetchPriority: 'high',
    },
  ];
}

/** The landing: muted background videos, the headline and the search (spec section 2.2). */
export function HomeHero({ videos }: HomeHeroProps) {
  const posters = heroPosterUrls(videos);
  const poster = posters?.large ?? '';
  // The carousel shows its poster only for reduced motion; the page shows it until a video plays.
  const posterStyle = posters
    ? ({
        '--home-hero-poster-small': `url("${posters.small}")`,
        '--home-hero-poster-large': `url("${posters.large}")`,
      } as CSSProperties)
    : undefined;
  return (
    <section className="home-hero" aria-labelledby="home-hero-heading" style={posterStyle}>
      <BackgroundVideoCarousel
        poster={poster}
        videos={videos.map((video) => ({
          small: video.small_url,
          large: video.large_url,
          placeholderColor: video.placeholder_color,
        }))}
      >
        <div className="page-container home-hero__content">
          <p className="home-hero__eyebrow">Multi-day guided horseback tours</p>
          <h1 id="home-hero-heading" className="display-heading home-hero__heading">
            Horseback tours with local guides
          </h1>
          <p className="home-hero__lead">
            Ride for days through mountains, steppes and coastlines with providers who were checked
            before they could list a single tour.
          </p>
          <SearchBox />
        </div>
      </BackgroundVideoCarousel>
    </section>
  );
}
