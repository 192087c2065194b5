/**
 * Identity verification of organizers by an external service (docs/product.md, Who it is for:
 * third-party identity verification). The staff of an organizer gets a short-lived signed
 * token to open the service's flow, and reads the organizer's verification state. Decision 029.
 */
import { and, eq } from 'drizzle-orm';
import type { ServiceHandlers } from '#src/contract.ts';
import type { Database } from '#src/db/client.ts';
import { organizerMembers, organizers } from '#src/db/schema/index.ts';
import { notFound } from '#src/http/http-error.ts';
import { requireSigned, signServiceToken, type UserRow } from '#src/modules/sessions/index.ts';

const VERIFICATION_TOKEN_TTL_MS = 15 * 60_000;
/** The provider name the contract reports. */
export const VERIFICATION_PROVIDER = 'external-identity';

export interface VerificationDeps {
  db: Database;
  /**
   * The service's address, and the secret its tokens are signed with (the service holds it too);
   * no secret: verification is off (NODE_ENV=production without VERIFICATION_SECRET, see
   * `resolveSharedSecrets`).
   */
  verification?: { serviceUrl?: string | undefined; secret?: string | undefined } | undefined;
}

/** The answer while verification is off (the start's warning names the variable). */
const verificationOff = () => notFound('Identity verification is not configured on this server');

/** The organizer, when the user acts for it (its staff) or is support; otherwise 404. */
async function organizerOfStaff(db: Database, user: UserRow, organizerId: number) {
  // The contract leaves orgId unbounded: past PostgreSQL's integer range no organizer exists.
  if (!Number.isInteger(organizerId) || organizerId > 2_147_483_647) {
    throw notFound('Organizer not found');
  }
  const [row] = await db
    .select({
      id: organizers.id,
      passportCheck: organizers.passportCheck,
      member: organizerMembers.userId,
    })
    .from(organizers)
    .leftJoin(
      organizerMembers,
      and(eq(organizerMembers.organizerId, organizers.id), eq(organizerMembers.userId, user.id)),
    )
    .where(eq(organizers.id, organizerId))
    .limit(1);
  if (!row || (row.member === null && user.role !== 'support')) {
    throw notFound('Organizer not found');
  }
  return row;
}

export function verificationHandlers(
  deps: VerificationDeps,
): Pick<ServiceHandlers, 'getVerificationAccessToken' | 'getVerificationData'> {
  const { db } = deps;
  const secret = deps.verification?.secret;
  // Without a secret the service would refuse every token: nobody is sent there.
  const serviceUrl = secret ? deps.verification?.serviceUrl : undefined;

  return {
    async getVerificationAccessToken(request) {
      const { user } = await requireSigned(db, request);
      const organizer = await organizerOfStaff(db, user, request.query.orgId);
      if (!secret) throw verificationOff();
      const { token } = signServiceToken(
        secret,
        { sub: user.id, org: organizer.id },
        VERIFICATION_TOKEN_TTL_MS,
      );
      return { token, provider: VERIFICATION_PROVIDER };
    },

    async getVerificationData(request) {
      const { user } = await requireSigned(db, request);
      const organizer = await organizerOfStaff(db, user, request.query.orgId);
      const status =
        organizer.passportCheck === 1 || organizer.passportCheck === 2
          ? organizer.passportCheck
          : 0;
      // Where the staff continues: the service's page, unless the identity is already verified.
      const url =
        serviceUrl && status !== 1
          ? `${serviceUrl.replace(/\/$/, '')}/start?org=${organizer.id}`
          : null;
      return { status, provider: VERIFICATION_PROVIDER, url };
    },
  };
}
