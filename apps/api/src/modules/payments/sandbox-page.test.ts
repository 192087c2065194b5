import { randomUUID } from 'node:crypto';
import { formatPrice } from '@gallop/currency';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findBookableDate } from '#src/modules/bookings/testing.ts';
import { buildTestApp, type TestApp } from '#src/testing/app.ts';
import { contractCaller } from '#src/testing/call.ts';
import { signUp } from '#src/testing/sign-up.ts';
import { money } from './sandbox-page.ts';
import { hostedPage, submitCard } from './testing.ts';
import { TEST_CARDS } from './sandbox-provider.ts';
import { CHALLENGE_CODE } from './sandbox-page.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp({ PUBLIC_WRITE_LIMIT: '1000', PUBLIC_URL: 'http://web.test' });
});
afterAll(() => testApp.close());

const call = contractCaller(() => testApp.app);

describe('the sandbox card page amounts', () => {
  it('writes amounts as the site does, without decimals', () => {
    expect(money(150_000, 'USD')).toBe('US$1,500');
    expect(money(48_500, 'EUR')).toBe('€485');
    expect(money(48_550, 'EUR')).toBe(formatPrice(485.5, 'EUR'));
  });

  it('shows the amount, the pay button and the 3-D Secure step in the site’s format', async () => {
    const email = `sandbox-page-${randomUUID()}@example.com`;
    const session = await signUp(testApp.app, { email, firstName: 'Ida', lastName: 'Berg' });
    const date = await findBookableDate(testApp.database.db);
    const { body: booking } = await call(
      'createBookingRequest',
      'POST',
      '/crm/api/request/create',
      {
        token: session.token,
        payload: {
          tour_id: date.tourId,
          tour_date_id: date.id,
          tourists: [{ first_name: 'Ida', last_name: 'Berg' }],
          contact: { name: 'Ida Berg', email, phone: '+4790000001' },
        },
      },
    );
    const started = await call('startPayment', 'POST', '/crm/api/payment/start', {
      token: session.token,
      payload: { request_id: booking.id, payment_type: 'full', payment_method: 'card' },
    });
    expect(started.status).toBe(200);
    const shown = formatPrice(started.body.payment.amount, started.body.payment.currency);
    expect(shown).not.toMatch(/[.,]\d{2}$/);

    const { path, token } = hostedPage(started.body.redirect_url);
    const card = await testApp.app.inject({ url: `${path}?token=${token}` });
    expect(card.body).toContain(`<p class="amount">${shown}</p>`);
    // The payment's type in words, as the receipt writes it, not its code ('full').
    expect(card.body).toContain(`Booking #${booking.id} · Full payment</p>`);
    expect(card.body).toContain(`>Pay ${shown}</button>`);

    const challenge = await submitCard(
      testApp.app,
      started.body.redirect_url,
      TEST_CARDS.challenge,
    );
    expect(challenge.body).toContain(`to confirm ${shown} with the card`);
  });
});

describe('the sandbox’s 3-D Secure step', () => {
  async function startedPayment() {
    const email = `sandbox-3ds-${randomUUID()}@example.com`;
    const session = await signUp(testApp.app, { email, firstName: 'Ida', lastName: 'Berg' });
    const date = await findBookableDate(testApp.database.db);
    const { body: booking } = await call(
      'createBookingRequest',
      'POST',
      '/crm/api/request/create',
      {
        token: session.token,
        payload: {
          tour_id: date.tourId,
          tour_date_id: date.id,
          tourists: [{ first_name: 'Ida', last_name: 'Berg' }],
          contact: { name: 'Ida Berg', email, phone: '+4790000002' },
        },
      },
    );
    const started = await call('startPayment', 'POST', '/crm/api/payment/start', {
      token: session.token,
      payload: { request_id: booking.id, payment_type: 'full', payment_method: 'card' },
    });
    const paymentOf = async () =>
      (
        await call(
          'getPaymentStatus',
          'GET',
          `/crm/api/payment/status?payment_id=${started.body.payment.id}`,
          {
            token: session.token,
          },
        )
      ).body;
    return { redirectUrl: started.body.redirect_url, paymentOf };
  }

  /** Posts the challenge step straight, with the page's token and the fields it names. */
  const postChallenge = (redirectUrl: string, fields: Record<string, string>) => {
    const { path, token } = hostedPage(redirectUrl);
    return testApp.app.inject({
      method: 'POST',
      url: `${path}/challenge`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ token, ...fields }).toString(),
    });
  };

  it('refuses the code when no card started a challenge, and takes nothing', async () => {
    const { redirectUrl, paymentOf } = await startedPayment();
    // The decline card's last four digits and the right code, but no card step at all.
    const posted = await postChallenge(redirectUrl, { code: CHALLENGE_CODE, last4: '0002' });
    expect(posted.statusCode).toBe(422);
    expect(posted.body).toContain('Please enter your card to pay.');
    expect(await paymentOf()).toMatchObject({ status: 1, card_last4: null });
    // A declined card starts no challenge either.
    await submitCard(testApp.app, redirectUrl, TEST_CARDS.decline);
    expect(await paymentOf()).toMatchObject({ status: 3 });
  });

  it('confirms with the card that was checked, whatever the form says', async () => {
    const { redirectUrl, paymentOf } = await startedPayment();
    const challenge = await submitCard(testApp.app, redirectUrl, TEST_CARDS.challenge);
    expect(challenge.statusCode).toBe(200);
    expect(challenge.body).not.toContain('name="last4"');
    const confirmed = await postChallenge(redirectUrl, { code: CHALLENGE_CODE, last4: '0002' });
    expect(confirmed.statusCode).toBe(303);
    expect(confirmed.headers.location).toContain('/success?');
    expect(await paymentOf()).toMatchObject({ status: 2, card_last4: '3220' });
  });
});

describe('the page of a payment that was closed', () => {
  async function bookingWithPayment() {
    const email = `sandbox-closed-${randomUUID()}@example.com`;
    const session = await signUp(testApp.app, { email, firstName: 'Ida', lastName: 'Berg' });
    const date = await findBookableDate(testApp.database.db);
    const { body: booking } = await call(
      'createBookingRequest',
      'POST',
      '/crm/api/request/create',
      {
        token: session.token,
        payload: {
          tour_id: date.tourId,
          tour_date_id: date.id,
          tourists: [{ first_name: 'Ida', last_name: 'Berg' }],
          contact: { name: 'Ida Berg', email, phone: '+4790000003' },
        },
      },
    );
    const start = async (method: 'card' | 'sbp') => {
      const started = await call('startPayment', 'POST', '/crm/api/payment/start', {
        token: session.token,
        payload: { request_id: booking.id, payment_type: 'full', payment_method: method },
      });
      expect(started.status).toBe(200);
      return started.body.redirect_url;
    };
    const cancel = async () => {
      const cancelled = await call('cancelBookingRequest', 'POST', '/crm/api/request/cancel', {
        token: session.token,
        payload: { id: booking.id },
      });
      expect(cancelled.status).toBe(200);
    };
    return { id: booking.id as number, start, cancel };
  }

  const pageOf = (redirectUrl: string) => {
    const { path, token } = hostedPage(redirectUrl);
    return testApp.app.inject({ url: `${path}?token=${token}` });
  };
  const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

  it('says the booking was cancelled when its cancellation closed the payment', async () => {
    const booking = await bookingWithPayment();
    const url = await booking.start('card');
    await booking.cancel();
    const shown = await pageOf(url);
    expect(shown.statusCode).toBe(410);
    expect(titleOf(shown.body)).toBe('This payment was closed because the booking was cancelled');
    expect(shown.body).toContain(
      `Booking #${booking.id} was cancelled, so this payment was closed`,
    );
    expect(shown.body).not.toContain('newer payment');
    expect(shown.body).not.toContain('to pay what is due');
  });

  it('says the payment was replaced when a newer one closed it', async () => {
    const booking = await bookingWithPayment();
    const first = await booking.start('card');
    await booking.start('sbp');
    const shown = await pageOf(first);
    expect(shown.statusCode).toBe(410);
    expect(titleOf(shown.body)).toBe('This payment was replaced');
    expect(shown.body).toContain(`Booking #${booking.id} has a newer payment`);
    expect(shown.body).toContain('Open your booking on Gallop to pay what is due.');
    // Cancelled afterwards: it was still replaced, and nothing is left to pay.
    await booking.cancel();
    const later = await pageOf(first);
    expect(titleOf(later.body)).toBe('This payment was replaced');
    expect(later.body).not.toContain('to pay what is due');
  });
});
