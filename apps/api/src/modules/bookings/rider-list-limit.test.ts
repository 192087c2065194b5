/**
 * The owner's rider list (`update-tourists`) is limited per booking, like the link holders'
 * questionnaires (security probe 2026-12-07, `rider_change_flood`): each change e-mails the
 * organizer and the booking's contact address, which may be anyone's, and writes in the chat. A
 * signed-in traveller renamed a rider 30 times: 30 × 200, 30 e-mails to the organizer, 31 to
 * another person's address. On a scratch database with a limit of 3.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#src/db/client.ts';
import { buildScratchApp, type ScratchApp } from '#src/testing/scratch-database.ts';
import { chatCount as chatIn, mailsTo as mailsIn, renameRider } from './testing-rider-lists.ts';
import { book, dateWithSeats, signUp, uniqueEmail } from './testing-scratch.ts';

const LIMIT = 3;
const TOO_MANY = 'Too many requests. Please confirm you are not a robot.';

let scratch: ScratchApp;
let db: Database;

beforeAll(async () => {
  scratch = await buildScratchApp('rider_list_limit', { PUBLIC_WRITE_LIMIT: String(LIMIT) });
  db = scratch.scratch.handle.db;
}, 120_000);
afterAll(() => scratch?.close());

const app = () => scratch.app;

const rename = (token: string, id: number, riderId: number, firstName: string) =>
  renameRider(app(), token, { id, riderId }, firstName);
const mailsTo = (recipient: string) => mailsIn(db, recipient);
const chatCount = () => chatIn(db);

describe('renaming riders again and again (probe 2026-12-07)', () => {
  it('answers 429 with a captcha past the limit per booking, and mails no more', async () => {
    const used = new Set<number>();
    const owner = await signUp(app());
    // Someone else's address as the booking's contact: it hears of every change.
    const contact = uniqueEmail('not-the-traveller');
    const date = await dateWithSeats(db, 10, used);
    const made = await book(app(), date, { token: owner.token, email: contact, riders: 1 });
    expect(made.status).toBe(201);
    const other = await book(app(), await dateWithSeats(db, 10, used), {
      token: owner.token,
      email: owner.email,
      riders: 1,
    });
    expect(other.status).toBe(201);
    const id = made.body.id as number;
    const [rider] = made.body.tourists as { id: number }[];

    // Someone else's calls are refused before they count: the owner's limit stays whole.
    const stranger = await signUp(app());
    for (let i = 0; i < LIMIT + 2; i += 1) {
      expect((await rename(stranger.token, id, rider!.id, `Stranger ${i}`)).status).toBe(403);
    }

    const mailsBefore = await mailsTo(contact);
    const chatBefore = await chatCount();
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 2; i += 1) {
      const renamed = await rename(
        owner.token,
        id,
        rider!.id,
        `Buy cheap pills at spam.example ${i}`,
      );
      statuses.push(renamed.status);
      if (renamed.status === 429) {
        expect(renamed.body).toMatchObject({ type: 'captcha', message: TOO_MANY });
      }
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    // Only the changes let through were told.
    expect(await mailsTo(contact)).toBe(mailsBefore + LIMIT);
    expect(await chatCount()).toBeLessThanOrEqual(chatBefore + LIMIT);

    // The count is the booking's: the owner's other booking changes on.
    const [otherRider] = other.body.tourists as { id: number }[];
    expect((await rename(owner.token, other.body.id as number, otherRider!.id, 'Ola')).status).toBe(
      200,
    );
  }, 120_000);
});
