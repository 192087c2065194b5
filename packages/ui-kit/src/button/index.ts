export { Button, buttonClassName, DEFAULT_BUTTON_THEME } from './button';
export type { ButtonFlush, ButtonLook, ButtonProps, ButtonSize, ButtonTheme } from './button';
