export { Button } from './button';
export type { ButtonProps } from './button';
export { buttonClassName, DEFAULT_BUTTON_THEME } from './button-class';
export type { ButtonFlush, ButtonLook, ButtonSize, ButtonTheme } from './button-class';
