export { CLIENT_ROLE, CLIENT_ROLE_HEADER, createGallopClient, gallopHeaders } from './client';
export type { ClientLocale, GallopClient, GallopClientOptions } from './client';
export type { components, operations, paths } from './schema.gen';
