import type { ReactNode } from 'react';
import { I18nProvider } from 'react-aria/I18nProvider';

export interface LocaleProviderProps {
  /** The interface's language as a BCP 47 tag (`en-US`, `de`, `zh-CN`). */
  locale: string;
  children: ReactNode;
}

/**
 * Sets the language of the kit's built-in texts that a visitor hears rather than reads (a
 * list's hidden "Dismiss" button, a combobox's "options available", a calendar's day names) and
 * their reading direction, for the components inside. Without it they follow the browser's
 * language once the page has hydrated, so a Japanese browser hears Japanese on an English site.
 * Put it around the whole app with the interface's locale. The Datepicker's own `locale` prop
 * still sets its dates and week start.
 */
export function LocaleProvider({ locale, children }: LocaleProviderProps) {
  return <I18nProvider locale={locale}>{children}</I18nProvider>;
}
