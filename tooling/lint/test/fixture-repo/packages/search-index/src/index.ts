export const indexSearch = () => undefined;
