import { randomInt, randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#src/db/client.ts';
import {
  countries,
  organizerMembers,
  organizerRequests,
  organizers,
  outbox,
  users,
} from '#src/db/schema/index.ts';
import { readSiteSettings } from '#src/modules/content/index.ts';
import { buildTestApp, type TestApp } from '#src/testing/app.ts';
import { contractCaller } from '#src/testing/call.ts';
import { signUp as signUpTraveller } from '#src/testing/sign-up.ts';
import { CONFIRM_CONTACT_FIRST, MAX_HIDDEN_ORGANIZERS, TOO_MANY_HIDDEN } from './own.ts';

let testApp: TestApp;
let db: Database;

beforeAll(async () => {
  testApp = await buildTestApp({ PUBLIC_WRITE_LIMIT: '1000' });
  db = testApp.database.db;
});
afterAll(() => testApp.close());

const call = contractCaller(() => testApp.app);

const uniqueEmail = () => `rider-${randomUUID()}@example.com`;

/**
 * A new client account; `confirmed` marks its e-mail as confirmed (as the e-mailed link does),
 * `phoneConfirmed` gives it a confirmed phone instead (as a code sign-in does).
 */
async function signUp({ confirmed = false, phoneConfirmed = false } = {}) {
  const { email, token } = await signUpTraveller(testApp.app, {
    email: uniqueEmail(),
    firstName: 'Lena',
    lastName: 'Sattler',
  });
  if (confirmed) {
    await db.update(users).set({ emailConfirmedAt: new Date() }).where(eq(users.email, email));
  }
  if (phoneConfirmed) {
    await db
      .update(users)
      .set({ phone: `+4915${randomInt(100_000_000, 999_999_999)}`, phoneConfirmedAt: new Date() })
      .where(eq(users.email, email));
  }
  const [user] = await db.select().from(users).where(eq(users.email, email));
  return { token, email, user: user! };
}

async function someCountry() {
  const [country] = await db.select().from(countries).limit(1);
  return country!;
}

const create = (token: string | undefined, payload: object) =>
  call('createOrganizer', 'POST', '/crm/api/organizer/create', {
    payload,
    ...(token ? { token } : {}),
  });

async function newOrganizer(options: { confirmed?: boolean; description?: string } = {}) {
  const confirmed = options.confirmed ?? true;
  // An account needs a proven contact to start an organizer: a phone when the e-mail is not.
  const account = await signUp({ confirmed, phoneConfirmed: !confirmed });
  const country = await someCountry();
  const { status, body } = await create(account.token, {
    name: 'Mountain Trails Co',
    type: 'organization',
    legal_type: 'legal_entity',
    description: options.description ?? 'Week-long rides across the high pastures.',
    country_id: country.id,
    email: account.email,
    phone: '+4915112345678',
  });
  expect(status).toBe(200);
  return { account, organizer: body, country };
}

describe('POST /crm/api/organizer/create (createOrganizer)', () => {
  it('creates an unpublished organizer, makes the user its member and an organizer', async () => {
    const { account, organizer, country } = await newOrganizer();
    expect(organizer).toMatchObject({
      name: 'Mountain Trails Co',
      type: 'organization',
      legal_type: 'legal_entity',
      seller_type: 'marketplace',
      description: 'Week-long rides across the high pastures.',
      country: { id: country.id, name: country.name },
      is_published_on_site: false,
      tours_count: 0,
      // The contact is the account's own confirmed e-mail: it counts as verified.
      is_email_verified: true,
      is_phone_verified: false,
      is_passport_verified: false,
      messengers: {},
    });
    expect(organizer.slug).toBe(`mountain-trails-co-${organizer.id}`);
    const [row] = await db.select().from(organizers).where(eq(organizers.id, organizer.id));
    expect(row).toMatchObject({ email: account.email, phone: '+4915112345678' });
    const members = await db
      .select()
      .from(organizerMembers)
      .where(eq(organizerMembers.organizerId, organizer.id));
    expect(members.map((member) => member.userId)).toEqual([account.user.id]);
    const [user] = await db.select().from(users).where(eq(users.id, account.user.id));
    expect(account.user.role).toBe('client');
    expect(user!.role).toBe('organizer');
  });

  it('leaves the e-mail unverified when it is not the account’s confirmed address', async () => {
    const account = await signUp({ confirmed: false, phoneConfirmed: true });
    const { status, body } = await create(account.token, {
      name: 'Solo Rider',
      type: 'author',
      email: account.email,
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      type: 'author',
      legal_type: 'natural_person',
      is_email_verified: false,
      is_published_on_site: false,
    });
    expect(body.description).toBeNull();
  });

  it('answers 403 to an account with no confirmed e-mail or phone, and creates nothing', async () => {
    const account = await signUp({ confirmed: false });
    const { status, body } = await create(account.token, {
      name: 'Borrowed Address Tours',
      type: 'author',
      email: account.email,
    });
    expect(status).toBe(403);
    expect(body.message).toBe(CONFIRM_CONTACT_FIRST);
    const memberships = await db
      .select()
      .from(organizerMembers)
      .where(eq(organizerMembers.userId, account.user.id));
    expect(memberships).toEqual([]);
    const [user] = await db.select().from(users).where(eq(users.id, account.user.id));
    expect(user!.role).toBe('client');
  });

  it(`keeps at most ${MAX_HIDDEN_ORGANIZERS} hidden organizers per account, also when created at once`, async () => {
    const account = await signUp({ confirmed: true });
    const attempts = await Promise.all(
      Array.from({ length: 12 }, (_, n) =>
        create(account.token, { name: `Draft Rides ${n}`, type: 'author' }),
      ),
    );
    const statuses = attempts.map((attempt) => attempt.status).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(MAX_HIDDEN_ORGANIZERS);
    expect(statuses.filter((status) => status === 422)).toHaveLength(12 - MAX_HIDDEN_ORGANIZERS);
    const refused = attempts.find((attempt) => attempt.status === 422)!;
    expect(refused.body.message).toBe(TOO_MANY_HIDDEN);
    const memberships = await db
      .select()
      .from(organizerMembers)
      .where(eq(organizerMembers.userId, account.user.id));
    expect(memberships).toHaveLength(MAX_HIDDEN_ORGANIZERS);

    // A published one does not count: publishing one lets the account start another.
    const first = attempts.find((attempt) => attempt.status === 200)!.body;
    await db.update(organizers).set({ isPublishedOnSite: true }).where(eq(organizers.id, first.id));
    expect((await create(account.token, { name: 'Next Rides', type: 'author' })).status).toBe(200);
    expect((await create(account.token, { name: 'One Too Many', type: 'author' })).status).toBe(
      422,
    );
  });

  it('answers 401 when signed out', async () => {
    const { status, body } = await create(undefined, { name: 'Nobody', type: 'author' });
    expect(status).toBe(401);
    expect(body.message).toEqual(expect.any(String));
  });

  it('answers 400/422 with field errors for bad input', async () => {
    const { token } = await signUp({ confirmed: true });
    // Input that breaks the contract's schema is a 400 with field errors (the API's rule) …
    const bad = await create(token, { name: 'X', type: 'ranch', email: 'not-an-email' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors ?? {})).toEqual(expect.arrayContaining(['type', 'email']));
    const missing = await create(token, { type: 'author' });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toHaveProperty('name');
    const phone = await create(token, { name: 'X', type: 'author', phone: '12345' });
    expect(phone.status).toBe(400);
    expect(phone.body.errors).toHaveProperty('phone');
    // … and well-formed input the API cannot accept is a 422 with field errors.
    const blank = await create(token, { name: '   ', type: 'author' });
    expect(blank.status).toBe(422);
    expect(blank.body.errors).toHaveProperty('name');
    const country = await create(token, { name: 'X', type: 'author', country_id: 99_999_999 });
    expect(country.status).toBe(422);
    expect(country.body.errors).toEqual({ country_id: ['Country not found'] });
    // An id no row can have is outside the contract's bounds: refused before the handler.
    const huge = await create(token, { name: 'X', type: 'author', country_id: 2 ** 40 });
    expect(huge.status).toBe(400);
    expect(huge.body.errors).toHaveProperty('country_id');
    const avatar = await create(token, { name: 'X', type: 'author', avatar_id: 99_999_999 });
    expect(avatar.status).toBe(422);
    expect(avatar.body.errors).toHaveProperty('avatar_id');
  });
});

describe('own reads (listOwnOrganizers, viewOrganizer, getOrganizerInfo)', () => {
  it('lists and shows the member’s organizers with the owner view', async () => {
    const { account, organizer } = await newOrganizer();
    const second = await create(account.token, { name: 'Second Stable', type: 'author' });
    expect(second.status).toBe(200);

    const list = await call('listOwnOrganizers', 'GET', '/crm/api/organizer/list', {
      token: account.token,
    });
    expect(list.status).toBe(200);
    expect(list.body.items.map((item: { id: number }) => item.id)).toEqual([
      organizer.id,
      second.body.id,
    ]);
    expect(list.body.pagination).toMatchObject({ page: 1, total: 2, page_count: 1 });

    for (const [operation, path] of [
      ['viewOrganizer', 'view'],
      ['getOrganizerInfo', 'info'],
    ] as const) {
      const { status, body } = await call(
        operation,
        'GET',
        `/crm/api/organizer/${path}?id=${organizer.id}`,
        { token: account.token },
      );
      expect(status).toBe(200);
      expect(body).toMatchObject({ id: organizer.id, is_published_on_site: false, messengers: {} });
    }
  });

  it('answers an empty list to an account that manages none', async () => {
    const { token } = await signUp();
    const { status, body } = await call('listOwnOrganizers', 'GET', '/crm/api/organizer/list', {
      token,
    });
    expect(status).toBe(200);
    expect(body.items).toEqual([]);
    expect(body.pagination.total).toBe(0);
  });

  it('answers 404 to non-members and 401 when signed out', async () => {
    const { organizer } = await newOrganizer();
    const stranger = await signUp();
    for (const [operation, path] of [
      ['viewOrganizer', 'view'],
      ['getOrganizerInfo', 'info'],
    ] as const) {
      const url = `/crm/api/organizer/${path}?id=${organizer.id}`;
      const foreign = await call(operation, 'GET', url, { token: stranger.token });
      expect(foreign.status).toBe(404);
      const anonymous = await call(operation, 'GET', url);
      expect(anonymous.status).toBe(401);
    }
    const list = await call('listOwnOrganizers', 'GET', '/crm/api/organizer/list');
    expect(list.status).toBe(401);
  });

  it('shows the seeded demo organizer account its organizer', async () => {
    const signIn = await call('login', 'POST', '/crm/api/user/auth', {
      payload: { login: 'organizer@gallop.test', password: 'gallop-demo-1' },
    });
    expect(signIn.status).toBe(200);
    const list = await call('listOwnOrganizers', 'GET', '/crm/api/organizer/list', {
      token: signIn.body.token,
    });
    expect(list.status).toBe(200);
    expect(list.body.items.length).toBeGreaterThan(0);
  });
});

describe('POST /crm/api/organizer/update (updateOrganizer)', () => {
  it('edits the organizer; a new e-mail resets its check', async () => {
    const { account, organizer } = await newOrganizer();
    const { status, body } = await call(
      'updateOrganizer',
      'POST',
      `/crm/api/organizer/update?id=${organizer.id}`,
      {
        token: account.token,
        payload: {
          name: 'Valley Trails',
          type: 'organization',
          description: 'Rides along the river valley.',
          email: 'bookings@valley-trails.example',
        },
      },
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({
      id: organizer.id,
      name: 'Valley Trails',
      description: 'Rides along the river valley.',
      legal_type: 'legal_entity',
      is_email_verified: false,
    });
    const [row] = await db.select().from(organizers).where(eq(organizers.id, organizer.id));
    expect(row).toMatchObject({ email: 'bookings@valley-trails.example', phone: '+4915112345678' });
  });

  it('answers 404 to non-members, 401 signed out, 400 for bad input', async () => {
    const { account, organizer } = await newOrganizer();
    const stranger = await signUp();
    const url = `/crm/api/organizer/update?id=${organizer.id}`;
    const payload = { name: 'Taken Over', type: 'author' };
    expect(
      (await call('updateOrganizer', 'POST', url, { token: stranger.token, payload })).status,
    ).toBe(404);
    expect((await call('updateOrganizer', 'POST', url, { payload })).status).toBe(401);
    const bad = await call('updateOrganizer', 'POST', url, {
      token: account.token,
      payload: { name: 'Ok', type: 'author', legal_type: 'company' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toHaveProperty('legal_type');
    const [row] = await db.select().from(organizers).where(eq(organizers.id, organizer.id));
    expect(row!.name).toBe('Mountain Trails Co');
  });
});

describe('POST /crm/api/organizer/set-published-on-site (setOrganizerPublishedOnSite)', () => {
  const publish = (token: string | undefined, id: number, isPublished: boolean) =>
    call('setOrganizerPublishedOnSite', 'POST', '/crm/api/organizer/set-published-on-site', {
      payload: { id, is_published: isPublished },
      ...(token ? { token } : {}),
    });

  it('publishes (the public profile appears) and hides (it disappears) again', async () => {
    const { account, organizer } = await newOrganizer();
    const publicInfo = () =>
      call('getOrganizerPublicInfo', 'GET', `/crm/api/organizer/public-info?id=${organizer.id}`);
    expect((await publicInfo()).status).toBe(404);

    const shown = await publish(account.token, organizer.id, true);
    expect(shown.status).toBe(200);
    expect(shown.body.is_published_on_site).toBe(true);
    const visible = await publicInfo();
    expect(visible.status).toBe(200);
    expect(visible.body).toMatchObject({ id: organizer.id, is_published_on_site: true });
    expect(visible.body).not.toHaveProperty('messengers');

    const hidden = await publish(account.token, organizer.id, false);
    expect(hidden.status).toBe(200);
    expect(hidden.body.is_published_on_site).toBe(false);
    expect((await publicInfo()).status).toBe(404);
    const verification = await call(
      'getOrganizerVerificationInfo',
      'GET',
      `/crm/api/organizer/verification-info?id=${organizer.id}`,
    );
    expect(verification.status).toBe(404);
  });

  it('refuses to publish without a description or a verified e-mail (422, field errors)', async () => {
    const undescribed = await newOrganizer({ description: '' });
    const noDescription = await publish(undescribed.account.token, undescribed.organizer.id, true);
    expect(noDescription.status).toBe(422);
    expect(noDescription.body.message).toBe('The organizer cannot be published yet');
    expect(noDescription.body.errors).toHaveProperty('description');

    const unverified = await newOrganizer({ confirmed: false });
    const noCheck = await publish(unverified.account.token, unverified.organizer.id, true);
    expect(noCheck.status).toBe(422);
    expect(noCheck.body.errors.email).toEqual([
      'The contact e-mail must be verified before publishing',
    ]);
    const [row] = await db
      .select()
      .from(organizers)
      .where(eq(organizers.id, unverified.organizer.id));
    expect(row!.isPublishedOnSite).toBe(false);
  });

  it('refuses an edit that would break the rules of a published organizer', async () => {
    const { account, organizer } = await newOrganizer();
    expect((await publish(account.token, organizer.id, true)).status).toBe(200);
    const edit = await call(
      'updateOrganizer',
      'POST',
      `/crm/api/organizer/update?id=${organizer.id}`,
      {
        token: account.token,
        payload: { name: 'Mountain Trails Co', type: 'organization', description: ' ' },
      },
    );
    expect(edit.status).toBe(422);
    expect(edit.body.errors).toHaveProperty('description');
    // A harmless rename of a published organizer shows at once (its tours' search entries follow
    // through the change log: tour-changes.test.ts).
    const rename = await call(
      'updateOrganizer',
      'POST',
      `/crm/api/organizer/update?id=${organizer.id}`,
      { token: account.token, payload: { name: 'Summit Trails', type: 'organization' } },
    );
    expect(rename.status).toBe(200);
    const shown = await call(
      'getOrganizerPublicInfo',
      'GET',
      `/crm/api/organizer/public-info?id=${organizer.id}`,
    );
    expect(shown.body.name).toBe('Summit Trails');
  });

  it('answers 404 to non-members and 401 signed out', async () => {
    const { organizer } = await newOrganizer();
    const stranger = await signUp();
    expect((await publish(stranger.token, organizer.id, true)).status).toBe(404);
    expect((await publish(undefined, organizer.id, true)).status).toBe(401);
    // Outside the contract's id bounds: a 400, before anything is looked up.
    expect((await publish(stranger.token, 2 ** 40, true)).status).toBe(400);
    const [row] = await db.select().from(organizers).where(eq(organizers.id, organizer.id));
    expect(row!.isPublishedOnSite).toBe(false);
  });
});

describe('POST /spa/add-new-organizer-request (addNewOrganizerRequest)', () => {
  const ask = (payload: object) =>
    call('addNewOrganizerRequest', 'POST', '/spa/add-new-organizer-request', { payload });

  it('stores the request and e-mails the Gallop team', async () => {
    const email = uniqueEmail();
    const { status, body } = await ask({
      name: 'Ines Moor',
      email,
      phone: '+34612345678',
      company: 'Moor Horses',
      website: 'https://moor-horses.example',
      comment: 'We run coastal rides in Galicia.',
    });
    expect(status).toBe(200);
    expect(body).toEqual({ result: true });
    const [stored] = await db
      .select()
      .from(organizerRequests)
      .where(eq(organizerRequests.email, email));
    expect(stored).toMatchObject({ name: 'Ines Moor', company: 'Moor Horses' });
    const team = (await readSiteSettings(db, ['support_email'])).support_email;
    expect(team).not.toBe('');
    const [mail] = await db
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, 'organizer-request'), eq(outbox.recipient, team)))
      .orderBy(desc(outbox.id))
      .limit(1);
    expect(mail).toMatchObject({ channel: 'email', payload: { requestId: stored!.id } });
    expect(mail!.subject).toContain('Moor Horses');
    expect(mail!.body).toContain(email);
    expect(mail!.body).toContain('We run coastal rides in Galicia.');
  });

  it('answers 400/422 with field errors for bad input', async () => {
    const bad = await ask({ name: 'A', email: 'nope', phone: '123' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors ?? {})).toEqual(expect.arrayContaining(['email', 'phone']));
    const blank = await ask({ name: '  ', email: uniqueEmail(), phone: '+34612345678' });
    expect(blank.status).toBe(422);
    expect(blank.body.errors).toHaveProperty('name');
  });

  it('is rate-limited per address (429 captcha)', async () => {
    const limitedApp = await buildTestApp({ PUBLIC_WRITE_LIMIT: '2' });
    try {
      const send = () =>
        limitedApp.app.inject({
          method: 'POST',
          url: '/spa/add-new-organizer-request',
          payload: { name: 'Ines', email: uniqueEmail(), phone: '+34612345678' },
        });
      expect((await send()).statusCode).toBe(200);
      expect((await send()).statusCode).toBe(200);
      const third = await send();
      expect(third.statusCode).toBe(429);
      expect(third.json()).toMatchObject({ type: 'captcha' });
    } finally {
      await limitedApp.close();
    }
  });
});
