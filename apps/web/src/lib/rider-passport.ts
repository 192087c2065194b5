/**
 * The visitor's rider passport (issue 46, decision 108): level, usual tack, comfortable hours a
 * day and weight, matched against every tour by `@gallop/rider-fit`. A guest keeps one passport in
 * the `gallop_rider` cookie; a signed-in traveller keeps theirs and their companions' in the
 * account (`/spa/rider-passport`), and a guest passport is offered to the account on the passport
 * page.
 *
 * The server never renders with it: pages stay the same for every visitor (cacheable, no
 * hydration mismatch) and fit shows once the page is hydrated, like the staff permissions.
 */
import { getRiderPassportQueryOptions } from '@gallop/api-client/query';
import type { components, GallopClient } from '@gallop/api-client';
import {
  passportFromCookie,
  passportToCookie,
  readPassport,
  type RiderPassport,
} from '@gallop/rider-fit';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { parse, serialize } from 'cookie';
import { atom, useAtom } from 'jotai';
import { useEffect } from 'react';
import { useApi } from './api';
import { hasSession } from './session-tokens';
import { useHydrated } from './use-hydrated';

export type { RiderPassport } from '@gallop/rider-fit';

/** A companion's passport kept in the account, to fill a booking's riders. */
export interface CompanionPassport extends RiderPassport {
  name: string;
}

export interface RiderPassports {
  passport: RiderPassport | null;
  companions: CompanionPassport[];
}

type ContractPassport = components['schemas']['RiderPassport'];
type ContractPassports = components['schemas']['RiderPassports'];

const RIDER_PASSPORT_COOKIE = 'gallop_rider';
const COOKIE_DAYS = 365;

/** `document.cookie = …` keeping a guest's passport for a year, or deleting it (`null`). */
export function riderPassportCookie(passport: RiderPassport | null, secure: boolean): string {
  return serialize(RIDER_PASSPORT_COOKIE, passport ? passportToCookie(passport) : '', {
    path: '/',
    maxAge: passport ? COOKIE_DAYS * 24 * 60 * 60 : 0,
    sameSite: 'lax',
    secure,
  });
}

/** The guest passport of a `Cookie` header or `document.cookie`; null without a valid one. */
export function passportFromCookies(cookieHeader: string | null | undefined): RiderPassport | null {
  if (!cookieHeader) return null;
  return passportFromCookie(parse(cookieHeader)[RIDER_PASSPORT_COOKIE]);
}

export function fromContractPassport(value: ContractPassport | null): RiderPassport | null {
  if (!value) return null;
  return readPassport({
    level: value.level,
    tack: value.tack,
    hoursPerDay: value.hours_per_day,
    weightKg: value.weight_kg,
  });
}

export function toContractPassport(passport: RiderPassport): Required<ContractPassport> {
  return {
    level: passport.level,
    tack: passport.tack,
    hours_per_day: passport.hoursPerDay,
    weight_kg: passport.weightKg,
  };
}

function fromContract(value: ContractPassports): RiderPassports {
  return {
    passport: fromContractPassport(value.passport ?? null),
    companions: value.companions.flatMap((companion) => {
      const passport = fromContractPassport(companion);
      return passport ? [{ ...passport, name: companion.name }] : [];
    }),
  };
}

/**
 * The `X-Rider-Passport` text of the visitor's passport as the browser knows it, chosen as
 * `useRiderPassport` chooses (the account's, else the cookie's), loading an account's passports
 * first when they are not loaded yet (a navigation to a "fits me first" search); undefined on the
 * server, without a passport and when an account's cannot load.
 */
export async function loadPassportHeader(
  queryClient: QueryClient,
  api: GallopClient<true>,
): Promise<string | undefined> {
  if (typeof document === 'undefined') return undefined;
  const guest = passportFromCookies(document.cookie);
  let passport = guest;
  if (hasSession(api)) {
    // As `useRiderPassport` asks: once (a navigation waits for this).
    const stored = await queryClient
      .ensureQueryData({ ...getRiderPassportQueryOptions(api), retry: false })
      .catch(() => undefined);
    if (!stored) return undefined;
    passport = fromContractPassport(stored.passport ?? null) ?? guest;
  }
  return passport ? passportToCookie(passport) : undefined;
}

/** The guest passport as this page knows it: read from the cookie after hydration. */
const cookiePassportAtom = atom<RiderPassport | null | undefined>(undefined);

export interface RiderPassportState extends RiderPassports {
  /** False until the page is hydrated and, when signed in, the account's passport is loaded. */
  ready: boolean;
  signedIn: boolean;
  /**
   * Signed in: a passport filled on this device before signing in that differs from the
   * account's (the passport page offers to save it, or to keep the account's and forget it).
   */
  guestPassport: RiderPassport | null;
  /** Signed in: whether the account holds a passport of its own. */
  accountHasPassport: boolean;
  /** Forgets the guest passport of this device (the account's is kept). */
  dropGuestPassport(): void;
  /** Saves both: in the account when signed in, else the passport in the cookie. */
  save(next: RiderPassports): Promise<void>;
}

/**
 * The visitor's passports: the account's when signed in (falling back to a guest passport the
 * account has none of), else the cookie's. Empty and not `ready` during the server render.
 */
export function useRiderPassport(): RiderPassportState {
  const api = useApi();
  const queryClient = useQueryClient();
  const hydrated = useHydrated();
  const signedIn = hydrated && hasSession(api);
  const [cookiePassport, setCookiePassport] = useAtom(cookiePassportAtom);
  useEffect(() => {
    if (hydrated && cookiePassport === undefined) {
      setCookiePassport(passportFromCookies(document.cookie));
    }
  }, [hydrated, cookiePassport, setCookiePassport]);
  const options = getRiderPassportQueryOptions(api);
  const account = useQuery({ ...options, enabled: signedIn, retry: false });
  // A disabled query still answers what the cache holds: after signing out on this tab, the
  // account's passports (weights included) must not become the guest's.
  const stored = signedIn && account.data ? fromContract(account.data) : undefined;
  const guestPassport = cookiePassport ?? null;

  async function save(next: RiderPassports): Promise<void> {
    if (signedIn) {
      const { data } = await api.POST('/spa/rider-passport', {
        body: {
          passport: next.passport ? toContractPassport(next.passport) : null,
          companions: next.companions.map((companion) => ({
            ...toContractPassport(companion),
            name: companion.name,
          })),
        },
      });
      queryClient.setQueryData(options.queryKey, data);
      // The account holds it now: a guest copy would outlive signing out on a shared computer.
      document.cookie = riderPassportCookie(null, window.location.protocol === 'https:');
      setCookiePassport(null);
      return;
    }
    document.cookie = riderPassportCookie(next.passport, window.location.protocol === 'https:');
    setCookiePassport(next.passport);
  }

  function dropGuestPassport(): void {
    document.cookie = riderPassportCookie(null, window.location.protocol === 'https:');
    setCookiePassport(null);
  }

  // The same passport in the account and on the device: the device's copy (a weight) would only
  // outlive signing out on a shared computer.
  const sameAsAccount =
    guestPassport !== null &&
    stored?.passport != null &&
    passportToCookie(guestPassport) === passportToCookie(stored.passport);
  useEffect(() => {
    if (!sameAsAccount) return;
    document.cookie = riderPassportCookie(null, window.location.protocol === 'https:');
    setCookiePassport(null);
  }, [sameAsAccount, setCookiePassport]);

  return {
    ready: hydrated && cookiePassport !== undefined && (!signedIn || !account.isPending),
    signedIn,
    passport: stored?.passport ?? guestPassport,
    companions: stored?.companions ?? [],
    // Signed in, a guest passport the account does not hold is offered: to save it, or forget it.
    guestPassport: !signedIn || (stored && !sameAsAccount) ? guestPassport : null,
    accountHasPassport: Boolean(stored?.passport),
    dropGuestPassport,
    save,
  };
}
