export const Button = 'button';
