/**
 * The locales whose React Aria strings stay in the client bundle: the site's own
 * (`LOCALES` of @gallop/i18n, checked by react-aria-locales.test.ts). Written out here because
 * Vite loads its config with Node, which cannot import the workspace's TypeScript sources.
 */
export const REACT_ARIA_LOCALES = ['en-US', 'ru', 'de', 'zh-CN'];
