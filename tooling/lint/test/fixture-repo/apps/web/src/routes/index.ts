export const routeOptions = {};
