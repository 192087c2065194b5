import type { components } from '@gallop/api-client';
import { BackgroundVideoCarousel } from '@gallop/ui-kit';
import type { CSSProperties } from 'react';
import { heroPosterUrls } from '../../hero-posters';
import { SearchBox } from '../search-box/search-box';
import './home-hero.css';

type LandingVideo = components['schemas']['LandingVideo'];

export interface HomeHeroProps {
  /** The landing's videos from `/spa/info` (none while the API has not rendered them). */
  videos: readonly LandingVideo[];
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
