export const demoPlugin = {};
