// React-query helpers: a separate entry point, so code that only needs the client does not load
// @tanstack/react-query (an optional peer dependency).
export { gallopQueryKey, operationQueryKey } from './keys';
export type { GetData, GetParams, GetPath, OperationData, ParamsArgument } from './keys';
export { gallopQueryOptions } from './query-options';
export { gallopMutationOptions } from './mutation-options';
export type {
  GallopMutationOptions,
  MutationMethod,
  MutationPath,
  MutationVariables,
} from './mutation-options';
export { gallopInfiniteQueryKey, gallopInfiniteQueryOptions } from './infinite';
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
/**
 * The key prefix of every call, by operationId (`operationKeys.getTour` is `['get', '/spa/tour']`):
 * invalidates all its entries. A GET call's entries are its factory's `['get', path, params]`;
 * another call's prefix is its mutations' `mutationKey` (`startPaymentMutationOptions`), and a
 * query built on it (a payment start, a one-time link read once) keys its entries with
 * `operationQueryKey(operationKeys.startPayment, variables)`. A namespace of constants, so a
 * bundle keeps only the keys it reads.
 */
export * as operationKeys from './operation-keys.gen';
