/** The passport page's heading and title (the route's `head` uses it without the page). */
export const RIDER_PASSPORT_TITLE = 'Your rider passport';
