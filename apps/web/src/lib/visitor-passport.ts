import type { RiderPassport } from '@gallop/rider-fit';
import { atom, useStore, type Atom } from 'jotai';
import { useCallback, useSyncExternalStore } from 'react';

export interface VisitorPassport {
  /** False during the server render and until the visitor's passport is known. */
  ready: boolean;
  passport: RiderPassport | null;
}

const NOT_KNOWN: VisitorPassport = { ready: false, passport: null };

/**
 * The visitor's rider passport as the page knows it, written by one `VisitorPassportSync` in the
 * shell. Every card and the tour page read it here rather than each loading the passport (a
 * hydration flag, a cookie effect and a query observer per card): a page of cards then renders
 * once more in all when the passport becomes known, and not at all for a visitor without one.
 */
export const visitorPassportAtom = atom<VisitorPassport>(NOT_KNOWN);

const passportOnlyAtom = atom((get) => get(visitorPassportAtom).passport);

/** The passport and whether it is known yet. */
export function useVisitorPassport(): VisitorPassport {
  return useAtomSnapshot(visitorPassportAtom, NOT_KNOWN);
}

/** The passport alone (null until known, and without one): no render while it stays null. */
export function useVisitorPassportOnly(): RiderPassport | null {
  return useAtomSnapshot(passportOnlyAtom, null);
}

/**
 * An atom's value as an external store's snapshot: unlike `useAtomValue`, which renders each
 * reader once more as it subscribes, a reader renders only when the value changes. A part still
 * hydrating reads `onServer`, what the server rendered, even when the passport became known
 * while other parts hydrated.
 */
function useAtomSnapshot<Value>(value: Atom<Value>, onServer: Value): Value {
  const store = useStore();
  const subscribe = useCallback(
    (onChange: () => void) => store.sub(value, onChange),
    [store, value],
  );
  const read = () => store.get(value);
  return useSyncExternalStore(subscribe, read, () => onServer);
}
