/**
 * Phone codes (decision 029): a traveller calls Gallop's line for their country and says a short
 * code; the code tells the operator (or the call router) which organizer or chat the call is for.
 * A code lives 30 minutes; asking again for the same target while it lives gives the same code.
 */
import { randomInt } from 'node:crypto';
import { and, eq, gt, lte } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { contactPhones, phoneCodes } from '#src/db/schema/index.ts';
import { HttpError } from '#src/http/http-error.ts';
import { choosePhones } from '#src/modules/content/index.ts';

/** Ids the contract leaves unbounded still name no row past PostgreSQL's integer range. */
export const isRowId = (n: number) => Number.isInteger(n) && n >= 1 && n <= 2_147_483_647;

const PHONE_CODE_TTL_MS = 30 * 60_000;
const PHONE_CODE_LENGTH = 6;

export type PhoneCodeTarget =
  { kind: 'organizer'; organizerId: number } | { kind: 'chat'; chatId: number };

export interface IssuedPhoneCode {
  code: string;
  phone: string;
  formatted_phone: string;
  expires_at: string;
}

/** Gallop's line for a country: its local main phone, else the general main one. */
export async function lineForCountry(
  db: Database,
  countryId: number | undefined,
): Promise<{ phone: string; formatted: string } | undefined> {
  const rows = await db.select().from(contactPhones);
  const [first] = choosePhones(rows, { countryId }, false).phones;
  return first && { phone: first.phone, formatted: first.formattedPhone };
}

const targetCondition = (target: PhoneCodeTarget) =>
  target.kind === 'organizer'
    ? and(eq(phoneCodes.targetKind, 'organizer'), eq(phoneCodes.organizerId, target.organizerId))
    : and(eq(phoneCodes.targetKind, 'chat'), eq(phoneCodes.chatId, target.chatId));

const toIssued = (row: typeof phoneCodes.$inferSelect, formatted: string): IssuedPhoneCode => ({
  code: row.code,
  phone: row.phone,
  formatted_phone: formatted,
  expires_at: row.expiresAt.toISOString(),
});

const randomPhoneCode = () =>
  String(randomInt(10 ** (PHONE_CODE_LENGTH - 1), 10 ** PHONE_CODE_LENGTH));

export interface PhoneCodeRequest {
  target: PhoneCodeTarget;
  requesterKey: string;
  userId: number | null;
  countryId: number | undefined;
  timezone?: string | undefined;
  /** Called before a new code is stored; throws (429) when the requester is over the limit. */
  beforeCreate: () => Promise<void>;
}

/** The requester's live code for the target, or a new one. */
export async function issuePhoneCode(
  db: Database,
  request: PhoneCodeRequest,
  now = new Date(),
): Promise<IssuedPhoneCode> {
  const line = await lineForCountry(db, request.countryId);
  if (!line) throw new HttpError(404, 'No Gallop phone line is configured');
  const [live] = await db
    .select()
    .from(phoneCodes)
    .where(
      and(
        eq(phoneCodes.requesterKey, request.requesterKey),
        targetCondition(request.target),
        eq(phoneCodes.phone, line.phone),
        gt(phoneCodes.expiresAt, now),
      ),
    )
    .limit(1);
  if (live) return toIssued(live, line.formatted);

  await request.beforeCreate();
  // Expired codes free their digits; then a clash with a live code is retried with new digits.
  await db.delete(phoneCodes).where(lte(phoneCodes.expiresAt, now));
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const [row] = await db
      .insert(phoneCodes)
      .values({
        code: randomPhoneCode(),
        targetKind: request.target.kind,
        organizerId: request.target.kind === 'organizer' ? request.target.organizerId : null,
        chatId: request.target.kind === 'chat' ? request.target.chatId : null,
        userId: request.userId,
        requesterKey: request.requesterKey,
        phone: line.phone,
        timezone: request.timezone ?? null,
        expiresAt: new Date(now.getTime() + PHONE_CODE_TTL_MS),
      })
      .onConflictDoNothing({ target: phoneCodes.code })
      .returning();
    if (row) return toIssued(row, line.formatted);
  }
  throw new HttpError(503, 'No phone code is free right now. Please try again.');
}

/** What a call router asks: the live target of a code said on a line, if any. */
export async function resolvePhoneCode(db: Database, code: string, now = new Date()) {
  const [row] = await db
    .select()
    .from(phoneCodes)
    .where(and(eq(phoneCodes.code, code), gt(phoneCodes.expiresAt, now)))
    .limit(1);
  return row;
}
