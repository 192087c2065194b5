// React-query helpers: a separate entry point, so code that only needs the client does not load
// @tanstack/react-query (an optional peer dependency).
export { gallopQueryKey } from './keys';
export type { GetData, GetParams, GetPath, ParamsArgument } from './keys';
export { gallopQueryOptions } from './query-options';
export type { GallopQueryOptions } from './query-options';
export {
  healthKeys,
  healthQueryOptions,
  tourKeys,
  tourQueryOptions,
  toursKeys,
  toursQueryOptions,
} from './named';
export * from './factories.gen';
