export { Button } from './button';
export type { ButtonProps, ButtonSize, ButtonTheme } from './button';
