import { bigint } from 'drizzle-orm/pg-core';

/**
 * An amount in minor units of a traveller's currency: 64-bit, read as a JS number (exact up to
 * 2^53; the booking rules' `isExactAmount` refuses more). A 32-bit column overflowed at 21 million
 * major units: a few riders' price in MNT, KRW, IDR or VND. Kept out of `index.ts`, which lists
 * tables only.
 */
export const minorUnits = () => bigint({ mode: 'number' });
