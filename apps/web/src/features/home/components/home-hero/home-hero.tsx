import type { components } from '@gallop/api-client';
import { BackgroundVideoCarousel } from '@gallop/ui-kit';
import type { CSSProperties } from 'react';
import { afterLargestPaint } from '../../../../lib/after-largest-paint';
import { heroPosterUrls } from '../../hero-posters';
import { SearchBox } from '../search-box/search-box';
import './home-hero.css';

type LandingVideo = components['schemas']['LandingVideo'];

export interface HomeHeroProps {
  /** The landing's videos from `/spa/info` (none while the API has not rendered them). */
  videos: readonly LandingVideo[];
}

/** The landing: muted background videos, the headline and the search (docs/product.md, Screens). */
export function HomeHero({ videos }: HomeHeroProps) {
  const posters = heroPosterUrls(videos);
  // The poster is this section's CSS backdrop, small below 992 px and large from there, behind
  // the transparent video until it plays, and alone with reduced motion. No `<video poster>`:
  // it has no media queries, so a phone would fetch the large picture as well.
  const posterStyle = posters
    ? ({
        '--home-hero-poster-small': `url("${posters.small}")`,
        '--home-hero-poster-large': `url("${posters.large}")`,
      } as CSSProperties)
    : undefined;
  return (
    <section className="home-hero" aria-labelledby="home-hero-heading" style={posterStyle}>
      <BackgroundVideoCarousel
        // On a slow phone network a video fetched before the largest paint delays it.
        startAfter={afterLargestPaint}
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
