export const quote = () => undefined;
