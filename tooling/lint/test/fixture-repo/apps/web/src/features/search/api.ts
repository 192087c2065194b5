export const searchApi = { path: '/spa/tours' };
