import { lazyComponent } from '../../lib/lazy-component';

/**
 * The error pages are a chunk of their own (issue 7: most visits never show one, and the route
 * tree's error components would otherwise be in every first load). The server renders them with
 * the page; the browser loads the chunk before hydrating an error page the server sent
 * (`renderedErrorPage`, the router's `hydrate`), and once idle after any other page, so a later
 * failure (even a deploy that removed this build's chunks) finds it in memory.
 */
const loadErrorPages = () => import('./error-pages');

export const RouteErrorPage = lazyComponent(() =>
  loadErrorPages().then(({ RouteErrorPage }) => RouteErrorPage),
);
export const NotFoundPage = lazyComponent(() =>
  loadErrorPages().then(({ NotFoundPage }) => NotFoundPage),
);

export async function preloadErrorPages(): Promise<void> {
  await Promise.all([RouteErrorPage.preload(), NotFoundPage.preload()]);
}

/** Whether the page shows an error page: a failed match, or a not-found one. */
export function renderedErrorPage(
  matches: ReadonlyArray<{ status: string; _notFound?: boolean | undefined }>,
): boolean {
  return matches.some(
    (match) => match.status === 'error' || match.status === 'notFound' || match._notFound === true,
  );
}
