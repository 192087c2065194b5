/**
 * The calls organizer accounts make for the organizers they manage (docs/product.md, Calls,
 * "Organizer"): their own profiles (`info`, `list`, `view`), creating and editing one, publishing
 * or hiding it, and the site's "ask to become an organizer" form. The back office stays external;
 * these calls let the marketplace work end to end from the organizer's side (decision 028).
 */
import { randomInt, randomUUID } from 'node:crypto';
import type { components } from '@gallop/api-client';
import { and, asc, count, eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServiceHandlers } from '#src/contract.ts';
import type { Database } from '#src/db/client.ts';
import {
  countries,
  organizerMembers,
  organizerRequests,
  organizers,
  outbox,
  uploads,
  users,
} from '#src/db/schema/index.ts';
import { forbidden, notFound, unprocessable } from '#src/http/http-error.ts';
import {
  createRateLimiter,
  limitCall,
  type RateLimiter,
  type RateLimits,
  TOO_MANY_REQUESTS,
} from '#src/http/rate-limit.ts';
import { requireSigned, type UserRow } from '#src/modules/sessions/index.ts';
import { readSiteSettings } from '#src/modules/content/index.ts';
import { welfareColumns } from '#src/modules/catalog/index.ts';
import { slugify } from '#src/shared/slug.ts';
import { toOrganizer } from './profile.ts';

type Schemas = components['schemas'];
type OrganizerRow = typeof organizers.$inferSelect;
type OrganizerInput = Schemas['OrganizerInput'];
type CountryOption = Schemas['CountryOption'];

/** An organizer of the member's, with its country and that country's landscape (gallery). */
interface MemberOrganizer {
  organizer: OrganizerRow;
  country: CountryOption | null;
  landscape: string | null;
}

export type OwnOrganizerOperation =
  | 'getOrganizerInfo'
  | 'listOwnOrganizers'
  | 'viewOrganizer'
  | 'createOrganizer'
  | 'updateOrganizer'
  | 'setOrganizerPublishedOnSite'
  | 'addNewOrganizerRequest';

export interface OwnOrganizersDeps {
  db: Database;
  /** Calls per visitor address in 15 minutes for the public request form (default 10). */
  publicWriteLimit?: number | undefined;
  limiter?: RateLimiter;
  /** The app's rate limits (Redis or memory; a solved captcha lifts them). */
  rateLimits?: RateLimits | undefined;
}

/** The check values of `organizers.*_check`: 1 is a passed check. */
const CHECK_PASSED = 1;
const CHECK_NONE = 0;

/**
 * Starting an organizer needs a proven contact (decision 157): an unconfirmed account may hold
 * somebody else's address, and would attach its organizers to that person's account.
 */
export const CONFIRM_CONTACT_FIRST =
  'Confirm your e-mail address or phone number before starting an organizer';

/** Hidden organizers one account may hold at once (decision 157): no endless empty profiles. */
export const MAX_HIDDEN_ORGANIZERS = 5;
export const TOO_MANY_HIDDEN = `You already have ${MAX_HIDDEN_ORGANIZERS} organizers that are not published: finish and publish one, or edit one of them, before starting another`;

/** Whether `n` can be a row id (PostgreSQL `integer`): larger numbers name no row. */
const isRowId = (n: number) => Number.isInteger(n) && n >= 1 && n <= 2_147_483_647;

/** Hidden from the member's view as much as from strangers: nobody learns an id exists. */
const NOT_YOURS = () => notFound('Organizer not found');

/** An organizer's slug of its name: at most 60 characters, never ending on a dash. */
const organizerSlug = (name: string) => slugify(name).slice(0, 60).replace(/-+$/g, '');

/**
 * What stops an organizer from being shown on the site, as field errors (empty: it may be
 * published). A traveller must see who runs the tours and be able to trust the contact: a name,
 * a description, and an e-mail that has been verified.
 */
function publicationProblems(row: OrganizerRow): Record<string, string[]> {
  const problems: Record<string, string[]> = {};
  if (!row.name.trim()) problems.name = ['Enter the organizer name'];
  if (!row.description.trim()) problems.description = ['Describe the organizer before publishing'];
  if (!row.email) problems.email = ['Add a contact e-mail before publishing'];
  else if (row.emailCheck !== CHECK_PASSED) {
    problems.email = ['The contact e-mail must be verified before publishing'];
  }
  return problems;
}

/**
 * The e-mail check an organizer's contact address gets: passed when it is the signed-in
 * account's own confirmed e-mail (the account already proved it owns that mailbox), otherwise
 * not performed until the back office checks it.
 */
function emailCheckFor(email: string | null, user: UserRow): number {
  if (!email || !user.email || !user.emailConfirmedAt) return CHECK_NONE;
  return email.toLowerCase() === user.email.toLowerCase() ? CHECK_PASSED : CHECK_NONE;
}

export function ownOrganizersHandlers(
  deps: OwnOrganizersDeps,
): Pick<ServiceHandlers, OwnOrganizerOperation> {
  const { db } = deps;
  const limiter =
    deps.limiter ??
    createRateLimiter({
      name: 'organizer-requests',
      limit: deps.publicWriteLimit ?? 10,
      windowMs: 15 * 60_000,
      limits: deps.rateLimits,
    });

  /** The organizers `userId` is a member of, with their countries (one, when `id` is given). */
  async function memberOrganizers(userId: number, id?: number): Promise<MemberOrganizer[]> {
    return db
      .select({
        organizer: organizers,
        country: { id: countries.id, name: countries.name },
        landscape: countries.landscape,
      })
      .from(organizerMembers)
      .innerJoin(organizers, eq(organizers.id, organizerMembers.organizerId))
      .leftJoin(countries, eq(countries.id, organizers.countryId))
      .where(
        and(
          eq(organizerMembers.userId, userId),
          id === undefined ? undefined : eq(organizers.id, id),
        ),
      )
      .orderBy(asc(organizers.id));
  }

  /** The member's organizer `id` in the owner's view; 404 for anyone else. */
  async function ownView(request: FastifyRequest, id: number) {
    const { user } = await requireSigned(db, request);
    const [found] = isRowId(id) ? await memberOrganizers(user.id, id) : [];
    if (!found) throw NOT_YOURS();
    return { user, found };
  }

  const owner = (found: MemberOrganizer) =>
    toOrganizer(found.organizer, found.country, { forOwner: true, landscape: found.landscape });

  /** Checks the references of an input (country, avatar) against the database. */
  async function checkReferences(input: Partial<OrganizerInput>, user: UserRow): Promise<void> {
    const errors: Record<string, string[]> = {};
    if (input.country_id !== undefined) {
      const [country] = !isRowId(input.country_id)
        ? []
        : await db
            .select({ id: countries.id })
            .from(countries)
            .where(eq(countries.id, input.country_id));
      if (!country) errors.country_id = ['Country not found'];
    }
    if (input.avatar_id !== undefined) {
      const [upload] = !isRowId(input.avatar_id)
        ? []
        : await db
            .select({ id: uploads.id })
            .from(uploads)
            .where(
              and(
                eq(uploads.id, input.avatar_id),
                eq(uploads.ownerUserId, user.id),
                eq(uploads.kind, 'image'),
              ),
            );
      if (!upload) errors.avatar_id = ['Upload an image first and pass its id'];
    }
    if (input.name !== undefined && !input.name.trim()) errors.name = ['Enter the organizer name'];
    if (Object.keys(errors).length > 0) throw unprocessable('Check the organizer details', errors);
  }

  function limited(request: FastifyRequest, reply: FastifyReply) {
    return limitCall(
      limiter,
      `addNewOrganizerRequest:${request.ip}`,
      request,
      reply,
      TOO_MANY_REQUESTS,
    );
  }

  return {
    async getOrganizerInfo(request) {
      return owner((await ownView(request, request.query.id)).found);
    },

    async viewOrganizer(request) {
      return owner((await ownView(request, request.query.id)).found);
    },

    async listOwnOrganizers(request) {
      const { user } = await requireSigned(db, request);
      const rows = await memberOrganizers(user.id);
      return {
        items: rows.map(owner),
        pagination: {
          page: 1,
          per_page: Math.max(rows.length, 1),
          total: rows.length,
          page_count: rows.length > 0 ? 1 : 0,
        },
      };
    },

    async createOrganizer(request) {
      const { user } = await requireSigned(db, request);
      if (!user.emailConfirmedAt && !user.phoneConfirmedAt) throw forbidden(CONFIRM_CONTACT_FIRST);
      const input = request.body;
      await checkReferences(input, user);
      const name = input.name.trim();
      const email = input.email?.toLowerCase() ?? null;
      const welfare = input.horse_welfare ? welfareColumns(input.horse_welfare) : {};
      const id = await db.transaction(async (tx) => {
        // The account's row lock orders its concurrent creates, so the count below holds.
        await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
        const [hidden] = await tx
          .select({ n: count() })
          .from(organizerMembers)
          .innerJoin(organizers, eq(organizers.id, organizerMembers.organizerId))
          .where(
            and(eq(organizerMembers.userId, user.id), eq(organizers.isPublishedOnSite, false)),
          );
        if (hidden!.n >= MAX_HIDDEN_ORGANIZERS) throw unprocessable(TOO_MANY_HIDDEN);
        const [created] = await tx
          .insert(organizers)
          .values({
            slug: `new-${randomUUID()}`,
            name,
            type: input.type,
            legalType: input.legal_type ?? 'natural_person',
            sellerType: 'marketplace',
            description: input.description?.trim() ?? '',
            countryId: input.country_id ?? null,
            email,
            phone: input.phone ?? null,
            avatarSeed: randomInt(1, 2 ** 31 - 1),
            avatarUploadId: input.avatar_id ?? null,
            ...welfare,
            emailCheck: emailCheckFor(email, user),
            isPublishedOnSite: false,
          })
          .returning({ id: organizers.id });
        const organizerId = created!.id;
        await tx
          .update(organizers)
          .set({ slug: [organizerSlug(name), organizerId].filter(Boolean).join('-') })
          .where(eq(organizers.id, organizerId));
        await tx.insert(organizerMembers).values({ organizerId, userId: user.id });
        // A traveller who starts an organizer becomes an organizer account; support stays support.
        if (user.role === 'client') {
          await tx.update(users).set({ role: 'organizer' }).where(eq(users.id, user.id));
        }
        return organizerId;
      });
      const [found] = await memberOrganizers(user.id, id);
      return owner(found!);
    },

    async updateOrganizer(request) {
      const { user, found } = await ownView(request, request.query.id);
      const input = request.body;
      await checkReferences(input, user);
      const current = found.organizer;
      const changes: Partial<typeof organizers.$inferInsert> = {
        name: input.name.trim(),
        type: input.type,
      };
      if (input.legal_type !== undefined) changes.legalType = input.legal_type;
      if (input.description !== undefined) changes.description = input.description.trim();
      if (input.country_id !== undefined) changes.countryId = input.country_id;
      if (input.phone !== undefined && input.phone !== current.phone) {
        changes.phone = input.phone;
        changes.phoneCheck = CHECK_NONE;
      }
      if (input.avatar_id !== undefined) changes.avatarUploadId = input.avatar_id;
      if (input.horse_welfare !== undefined)
        Object.assign(changes, welfareColumns(input.horse_welfare));
      if (input.email !== undefined && input.email.toLowerCase() !== current.email) {
        changes.email = input.email.toLowerCase();
        changes.emailCheck = emailCheckFor(changes.email, user);
      }
      const next = { ...current, ...changes } as OrganizerRow;
      // A published organizer stays publishable: an edit that would break the rules is refused.
      if (current.isPublishedOnSite) {
        const problems = publicationProblems(next);
        if (Object.keys(problems).length > 0) {
          throw unprocessable('A published organizer needs these details; hide it first', problems);
        }
      }
      // Its tours' cards and search entries follow through the change log (decision 110).
      await db.update(organizers).set(changes).where(eq(organizers.id, current.id));
      const [updated] = await memberOrganizers(user.id, current.id);
      return owner(updated!);
    },

    async setOrganizerPublishedOnSite(request) {
      const { id, is_published: isPublished } = request.body;
      const { user, found } = await ownView(request, id);
      if (isPublished) {
        const problems = publicationProblems(found.organizer);
        if (Object.keys(problems).length > 0) {
          throw unprocessable('The organizer cannot be published yet', problems);
        }
      }
      if (found.organizer.isPublishedOnSite !== isPublished) {
        await db
          .update(organizers)
          .set({ isPublishedOnSite: isPublished })
          .where(eq(organizers.id, id));
      }
      const [updated] = await memberOrganizers(user.id, id);
      return owner(updated!);
    },

    async addNewOrganizerRequest(request, reply) {
      const tooMany = await limited(request, reply);
      if (tooMany) return reply;
      const input = request.body;
      const name = input.name.trim();
      if (!name) throw unprocessable('Enter your name', { name: ['Enter your name'] });
      const team = (await readSiteSettings(db, ['support_email'])).support_email;
      await db.transaction(async (tx) => {
        const [stored] = await tx
          .insert(organizerRequests)
          .values({
            name,
            email: input.email.toLowerCase(),
            phone: input.phone,
            company: input.company?.trim() || null,
            website: input.website ?? null,
            comment: input.comment?.trim() || null,
          })
          .returning({ id: organizerRequests.id });
        if (!team) return;
        const lines = [
          `${name} asks to become an organizer on the site (request #${stored!.id}).`,
          '',
          `E-mail: ${input.email}`,
          `Phone: ${input.phone}`,
          ...(input.company ? [`Company: ${input.company}`] : []),
          ...(input.website ? [`Website: ${input.website}`] : []),
          ...(input.comment ? ['', input.comment] : []),
        ];
        await tx.insert(outbox).values({
          kind: 'organizer-request',
          channel: 'email',
          recipient: team,
          subject: `New organizer request #${stored!.id}: ${input.company || name}`,
          body: lines.join('\n'),
          payload: { requestId: stored!.id },
        });
      });
      return { result: true };
    },
  };
}
