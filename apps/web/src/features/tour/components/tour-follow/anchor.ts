/** The id of the tour page's follow card, which the booking box links to when nothing is open. */
export const FOLLOW_TOUR_ANCHOR = 'follow-tour';
