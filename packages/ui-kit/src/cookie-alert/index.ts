export { COOKIE_ALERT_DAYS, CookieAlert } from './cookie-alert';
export type { CookieAlertProps } from './cookie-alert';
