import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { useRiderPassport } from '../../lib/rider-passport';
import { visitorPassportAtom } from '../../lib/visitor-passport';

/**
 * Loads the visitor's rider passport once for the whole page (the account's when signed in, else
 * the cookie's) and shares it with every card and the tour page (`visitor-passport.ts`).
 */
export function VisitorPassportSync() {
  const { ready, passport } = useRiderPassport();
  const setVisitorPassport = useSetAtom(visitorPassportAtom);
  useEffect(() => {
    setVisitorPassport((known) =>
      known.ready === ready && samePassport(known.passport, passport) ? known : { ready, passport },
    );
  }, [ready, passport, setVisitorPassport]);
  return null;
}

/** The account's passport is a new object on every read of its query: compare by value. */
function samePassport(a: object | null, b: object | null): boolean {
  return a === b || (a !== null && b !== null && JSON.stringify(a) === JSON.stringify(b));
}
