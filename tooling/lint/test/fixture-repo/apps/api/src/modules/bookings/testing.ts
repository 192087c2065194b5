export const findBookableDate = () => null;
