/**
 * Document titles of the error pages (docs/product.md, Errors: '404 Page not found', '503 Something
 * went wrong', '403 Access is denied', 410 as its heading, default 'Error'). The headings and texts
 * on the page come from ui-kit's `ErrorView`.
 */
const TITLES: Readonly<Record<number, string>> = {
  404: 'Page not found',
  403: 'Access is denied',
  410: 'This page is no longer available because the tour dates have passed',
  503: 'Something went wrong',
};

export function errorTitle(status: number): string {
  return TITLES[status] ?? 'Error';
}
