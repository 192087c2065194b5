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
    expect(card.body).toContain(`>Pay ${shown}</button>`);

    const challenge = await submitCard(
      testApp.app,
      started.body.redirect_url,
      TEST_CARDS.challenge,
    );
    expect(challenge.body).toContain(`to confirm ${shown} with the card`);
  });
});
