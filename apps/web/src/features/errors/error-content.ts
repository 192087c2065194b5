/** What the error page shows for a status code (spec section 2.2; titles from section 8). */
export interface ErrorContent {
  /** Page title before ' | Gallop'. */
  title: string;
  heading: string;
  message?: string;
  /** 'home': a 'Back home' button to /; 'support': refresh advice and the support contacts. */
  action?: 'home' | 'support';
}

const errorContentByStatus: Record<number, ErrorContent> = {
  404: { title: 'Page not found', heading: 'Page not found...', action: 'home' },
  403: {
    title: 'Access is denied',
    heading: 'Error 403',
    message: 'Sorry, you do not have permission to access this page.',
  },
  503: {
    title: 'Something went wrong',
    heading: 'An error occurred',
    message:
      'Please refresh the page in a minute. If it keeps happening, contact our support team.',
    action: 'support',
  },
  410: {
    title: 'This page is no longer available because the tour dates have passed',
    heading: 'This page is no longer available because the tour dates have passed',
  },
};

const internalError: ErrorContent = { title: 'Error', heading: 'Internal Error' };

export function getErrorContent(status: number): ErrorContent {
  return errorContentByStatus[status] ?? internalError;
}
