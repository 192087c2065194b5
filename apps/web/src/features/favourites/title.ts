/** The favourites page's heading and title (the route's `head` uses it without the page). */
export const FAVOURITES_TITLE = 'Favourites';
