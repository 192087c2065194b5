export const createGallopClient = () => null;
