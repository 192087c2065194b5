/**
 * Tour selections (spec: "A tour-selection mode starts from a link token"; decision 102): the
 * organizer of a request's tour, or Gallop support, picks tours for the traveller, who opens them
 * by a link carrying `tour-selection-token={requestId}-{secret}`. The token is a capability like
 * a booking's uuid link: only its SHA-256 is stored, the link is answered once and e-mailed to
 * the request's contact. Who may not select gets a 404, so nobody learns a request exists.
 * A selection offers only tours a traveller can use (`publicTour`, decision 194): picking another
 * is a 422, and a tour hidden later (unpublished, or its organizer hidden) is left out of the
 * selection while it is hidden.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { components } from '@gallop/api-client';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import {
  organizerMembers,
  organizers,
  outbox,
  tourSelectionItems,
  tourSelections,
  tours,
  type users,
} from '#src/db/schema/index.ts';
import { notFound, unprocessable } from '#src/http/http-error.ts';
import { publicTour, publishedCards, type CardContext } from '#src/modules/catalog/index.ts';
import { bookingGreeting } from './messages.ts';
import { findRequest, type RequestRow } from './records.ts';

type Schemas = components['schemas'];
export type TourSelection = Schemas['TourSelection'];
export type TourSelectionCreated = Schemas['TourSelectionCreated'];
export type TourSelectionInput = Schemas['TourSelectionInput'];
type UserRow = typeof users.$inferSelect;
type SelectionRow = typeof tourSelections.$inferSelect;
type SelectedBy = SelectionRow['selectedBy'];

/** The name a selection by support goes by. */
const SUPPORT_NAME = 'Gallop support';

/** 192 random bits, 32 URL-safe characters. */
const SECRET_BYTES = 24;

/** The address the link opens on the web: the shell stores the token and shows the tours. */
function tourSelectionUrl(token: string, publicUrl: string): string {
  const url = new URL('/tour-selection', publicUrl);
  url.searchParams.set('tour-selection-token', token);
  return url.href;
}

function newSelectionToken(requestId: number): string {
  return `${requestId}-${randomBytes(SECRET_BYTES).toString('base64url')}`;
}

/** The request id a token names: the part before its first hyphen. */
export function requestIdOfToken(token: string): number | undefined {
  const head = token.slice(0, token.indexOf('-'));
  return /^[1-9]\d{0,9}$/.test(head) && Number(head) <= 2_147_483_647 ? Number(head) : undefined;
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

const NOT_FOUND = () => notFound('Booking not found');

/** The organizer of the request's tour, with its name. */
async function organizerOf(db: Database, request: RequestRow) {
  const [row] = await db
    .select({ id: organizers.id, name: organizers.name })
    .from(tours)
    .innerJoin(organizers, eq(organizers.id, tours.organizerId))
    .where(eq(tours.id, request.tourId));
  return row;
}

/**
 * How `user` may select for `request`: as support (any tour a traveller can open) or as a member
 * of the organizer of its tour (that organizer's published tours, while it is not hidden). Anyone
 * else: 404.
 */
async function selectorOf(
  db: Database,
  user: UserRow,
  request: RequestRow,
): Promise<{ selectedBy: SelectedBy; organizerId: number | undefined }> {
  if (user.role === 'support') return { selectedBy: 'support', organizerId: undefined };
  const organizer = await organizerOf(db, request);
  if (!organizer) throw NOT_FOUND();
  const [member] = await db
    .select({ userId: organizerMembers.userId })
    .from(organizerMembers)
    .where(
      and(eq(organizerMembers.organizerId, organizer.id), eq(organizerMembers.userId, user.id)),
    );
  if (!member) throw NOT_FOUND();
  return { selectedBy: 'organizer', organizerId: organizer.id };
}

/**
 * Why the selector may not pick a tour, or undefined when it may. A selection is for a traveller,
 * so its tours are those a traveller can use (`publicTour`, decision 194): published, of an
 * organizer not hidden. An organizer learns nothing of another organizer's tours: "not yours".
 */
function refusalOf(
  row: { isPublished: boolean; isPublic: boolean; organizerId: number | null } | undefined,
  organizerId: number | undefined,
): string | undefined {
  if (organizerId !== undefined && row?.organizerId !== organizerId) return 'not yours';
  if (!row || !row.isPublished) return 'not published';
  if (!row.isPublic) {
    return organizerId === undefined ? 'its organizer is hidden' : 'your organizer is hidden';
  }
  return undefined;
}

/** The tours of `ids` the selector may pick; a 422 names the others, each with its reason. */
async function refuseUnselectable(
  db: Database,
  ids: readonly number[],
  organizerId: number | undefined,
): Promise<void> {
  const rows = await db
    .select({
      id: tours.id,
      isPublished: tours.isPublished,
      isPublic: sql<boolean>`${publicTour()}`.mapWith(Boolean),
      organizerId: tours.organizerId,
    })
    .from(tours)
    .where(inArray(tours.id, [...ids]));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const refused = ids.flatMap((id) => {
    const reason = refusalOf(byId.get(id), organizerId);
    return reason ? [`${id} (${reason})`] : [];
  });
  if (refused.length === 0) return;
  const text =
    organizerId === undefined
      ? `Only tours a traveller can open can be selected; not: ${refused.join(', ')}`
      : `Only your own published tours can be selected; not: ${refused.join(', ')}`;
  throw unprocessable(text, { tour_ids: [text] });
}

function selectionMessage(
  request: RequestRow,
  selectedByName: string,
  url: string,
  comment: string | null,
): typeof outbox.$inferInsert {
  const note = comment ? `\n\n"${comment}"` : '';
  return {
    kind: 'tour-selection',
    channel: 'email',
    recipient: request.contactEmail,
    subject: `Tours selected for your request #${request.id}`,
    body: `${bookingGreeting(request)}\n\n${selectedByName} selected tours for your booking request #${request.id}.${note}\n\nSee them here: ${url}\n\nThe Gallop team`,
    payload: { requestId: request.id, link: url },
  };
}

export interface TourSelectionDeps {
  db: Database;
  publicUrl: string;
  now: () => Date;
}

/** Makes a selection for `input.request_id` as `user`; answers it with its link. */
export async function createTourSelection(
  deps: TourSelectionDeps,
  user: UserRow,
  input: TourSelectionInput,
  context: CardContext,
): Promise<TourSelectionCreated> {
  const { db } = deps;
  const request = await findRequest(db, input.request_id);
  if (!request) throw NOT_FOUND();
  const { selectedBy, organizerId } = await selectorOf(db, user, request);
  const tourIds = [...new Set(input.tour_ids)];
  await refuseUnselectable(db, tourIds, organizerId);

  const token = newSelectionToken(request.id);
  const url = tourSelectionUrl(token, deps.publicUrl);
  const comment = input.comment?.trim() || null;
  const names = await namesOf(db, request, selectedBy);
  const row = await db.transaction(async (tx) => {
    const [selection] = await tx
      .insert(tourSelections)
      .values({
        requestId: request.id,
        tokenHash: hashOf(token),
        createdBy: user.id,
        selectedBy,
        comment,
        createdAt: deps.now(),
      })
      .returning();
    await tx
      .insert(tourSelectionItems)
      .values(
        tourIds.map((tourId, position) => ({ selectionId: selection!.id, tourId, position })),
      );
    await tx.insert(outbox).values(selectionMessage(request, names.selectedBy, url, comment));
    return selection!;
  });
  return { ...(await toTourSelection(db, row, token, names, context)), url };
}

/** The selection a token opens; 404 for a token no selection has. */
export async function readTourSelection(
  db: Database,
  token: string,
  context: CardContext,
): Promise<TourSelection> {
  const requestId = requestIdOfToken(token);
  const [row] =
    requestId === undefined
      ? []
      : await db
          .select()
          .from(tourSelections)
          .where(
            and(
              eq(tourSelections.tokenHash, hashOf(token)),
              eq(tourSelections.requestId, requestId),
            ),
          );
  const request = row ? await findRequest(db, row.requestId) : undefined;
  if (!row || !request) throw notFound('Tour selection not found');
  return toTourSelection(db, row, token, await namesOf(db, request, row.selectedBy), context);
}

interface Names {
  selectedBy: string;
  requestTour: string | undefined;
}

async function namesOf(db: Database, request: RequestRow, selectedBy: SelectedBy) {
  const [tour] = await db
    .select({ name: tours.name })
    .from(tours)
    .where(eq(tours.id, request.tourId));
  const organizer = selectedBy === 'organizer' ? await organizerOf(db, request) : undefined;
  return {
    selectedBy: organizer?.name ?? SUPPORT_NAME,
    requestTour: tour?.name,
  } satisfies Names;
}

async function toTourSelection(
  db: Database,
  row: SelectionRow,
  token: string,
  names: Names,
  context: CardContext,
): Promise<TourSelection> {
  const items = await db
    .select({ tourId: tourSelectionItems.tourId })
    .from(tourSelectionItems)
    .where(eq(tourSelectionItems.selectionId, row.id))
    .orderBy(asc(tourSelectionItems.position));
  const cards = await publishedCards(
    db,
    items.map((item) => item.tourId),
    context,
  );
  return {
    token,
    request_id: row.requestId,
    ...(names.requestTour ? { request_tour_name: names.requestTour } : {}),
    selected_by: row.selectedBy,
    selected_by_name: names.selectedBy,
    comment: row.comment,
    items: cards.map((tour) => ({ id: tour.id, tour })),
    created_at: row.createdAt.toISOString(),
  };
}
