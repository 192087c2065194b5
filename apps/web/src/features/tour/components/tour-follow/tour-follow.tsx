import { lazyComponent } from '../../../../lib/lazy-component';

/**
 * The follow card as a part of its own chunk (the form and its rules stay
 * out of the tour page's chunk): the server renders it with the page, the browser hydrates it when
 * the chunk arrives.
 */
export const LazyFollowTourCard = lazyComponent(() =>
  import('./follow-tour-card').then(({ FollowTourCard }) => FollowTourCard),
);
