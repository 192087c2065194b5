export const STATUS = { pending: 1 };
