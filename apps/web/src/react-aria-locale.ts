/**
 * React Aria's components speak the page's language, not the browser's: their screen-reader
 * texts (a list's hidden "Dismiss" button, "3 options available", a calendar's day names) and
 * reading direction follow `<html lang>`, which the server sets from the interface locale.
 * Without this a Japanese browser hears Japanese on an English page once it has hydrated.
 *
 * This is React Aria's own server-rendering hook (what its `PackageLocalizationProvider` writes),
 * set here, first of the client entry's imports, so that it is in place before any React Aria
 * module loads (they read it at load). It costs the first load nothing; the kit's
 * `LocaleProvider` does the same around a tree but would put ~0.9 kB of React Aria in it.
 */
const reactAriaLocale = Symbol.for('react-aria.i18n.locale');
(window as unknown as Record<symbol, string>)[reactAriaLocale] =
  document.documentElement.lang || 'en-US';
