import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False on the server and in the render that hydrates, true from the next one: state the server
 * could not know (a navigation begun while this part was still hydrating, such as the shell
 * taking a tour-selection token out of the address) shows one render later instead of breaking
 * hydration with HTML the server never sent.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
