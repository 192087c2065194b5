export { Button, DEFAULT_BUTTON_THEME } from './button';
export type { ButtonProps, ButtonSize, ButtonTheme } from './button';
