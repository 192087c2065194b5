export { LocaleProvider } from './locale-provider';
export type { LocaleProviderProps } from './locale-provider';
