/** The tour-selection page's heading and title (the route's `head` uses it without the page). */
export const TOUR_SELECTION_TITLE = 'Tours selected for you';
