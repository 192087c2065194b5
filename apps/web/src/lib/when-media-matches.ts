/** What {@link whenMediaMatches} needs of the browser (a test passes its own). */
export interface MediaWindow {
  matchMedia?: (
    query: string,
  ) => Pick<MediaQueryList, 'matches' | 'addEventListener' | 'removeEventListener'>;
}

const browserWindow = (): MediaWindow | undefined =>
  typeof window === 'undefined' ? undefined : window;

/** Whether `query` matches now; true where nothing can tell (the server, no `matchMedia`). */
export function mediaMatches(
  query: string,
  win: MediaWindow | undefined = browserWindow(),
): boolean {
  return win?.matchMedia?.(query).matches ?? true;
}

/**
 * Resolves once `query` matches: at once if it does now (and on the server), else at the first
 * change that makes it match (a phone turned, a window widened). Code for a part of the page that
 * only shows at some widths waits for it, so narrower screens never run it.
 */
export function whenMediaMatches(
  query: string,
  win: MediaWindow | undefined = browserWindow(),
): Promise<void> {
  const list = win?.matchMedia?.(query);
  if (!list || list.matches) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const onChange = () => {
      if (!list.matches) return;
      list.removeEventListener('change', onChange);
      resolve();
    };
    list.addEventListener('change', onChange);
  });
}
