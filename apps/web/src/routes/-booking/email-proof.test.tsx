import type { components } from '@gallop/api-client';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LoginPage } from '../../features/account/components/login-page/login-page';
import { BookingPage } from '../../features/booking/components/booking-page/booking-page';
import { rememberContactEmail } from '../../features/booking/contact-email';
import { tabStorage } from '../../lib/tab-storage';
import { createFakeApiWithPosts } from '../../lib/testing/fake-api-posts';
import { renderInApp } from '../../lib/testing/render-in-app';
import { tourSummary } from '../../lib/testing/fake-api';
import { useEmailProof } from './email-proof';

const UUID = '6f1c2d7e-3b4a-4c5d-8e9f-a0b1c2d3e4f5';
const BOOKED_WITH = 'katrin@example.de';

const booking = {
  id: 1,
  uuid: UUID,
  status: 2,
  tour: tourSummary(),
  tourists: [{ id: 1, full_name: 'Katrin Weber' }],
  price: 1200,
  prepayment: 300,
  paid: 0,
  currency: 'EUR',
  created_at: '2026-12-06T09:00:00Z',
  hold_until: '2026-12-06T09:54:00Z',
  email_proof_required: true,
  can_pay: true,
  can_cancel: true,
} as components['schemas']['BookingRequest'];

function GuestBookingPage() {
  return <BookingPage booking={booking} user={undefined} emailProof={useEmailProof()} />;
}

const codeSent = { status: 200, body: { resend_after: 60 } };

afterEach(() => tabStorage.remove(`gallop:booking-email:${UUID}`));

describe("a guest's e-mail check on the booking page", () => {
  it('fills in the address the guest booked with, and says the code was sent to it', async () => {
    rememberContactEmail(UUID, BOOKED_WITH);
    const api = createFakeApiWithPosts({ '/crm/api/user/send-auth-code': codeSent });
    await renderInApp(<GuestBookingPage />, { fetch: api.fetch });
    const field = await screen.findByLabelText('E-mail');
    await waitFor(() => expect(field).toHaveValue(BOOKED_WITH));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm your e-mail' }));
    const hint = await screen.findByRole('status');
    expect(hint).toHaveTextContent(
      `We have sent a 5-digit code to ${BOOKED_WITH}, the address you booked with.`,
    );
    expect(hint).not.toHaveTextContent(/if an account exists/i);
    expect(api.sent).toEqual([
      {
        path: '/crm/api/user/send-auth-code',
        body: { login: BOOKED_WITH, code_sender: 'email' },
      },
    ]);
  });

  it('keeps "if an account exists" for another address typed in its place', async () => {
    rememberContactEmail(UUID, BOOKED_WITH);
    const api = createFakeApiWithPosts({ '/crm/api/user/send-auth-code': codeSent });
    await renderInApp(<GuestBookingPage />, { fetch: api.fetch });
    const field = await screen.findByLabelText('E-mail');
    await waitFor(() => expect(field).toHaveValue(BOOKED_WITH));
    fireEvent.change(field, { target: { value: 'someone@example.de' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm your e-mail' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'If an account exists for someone@example.de, we have sent it a 5-digit code by e-mail.',
    );
  });

  it('leaves the field empty and keeps "if" when this tab did not book (a link from the e-mail)', async () => {
    const api = createFakeApiWithPosts({ '/crm/api/user/send-auth-code': codeSent });
    await renderInApp(<GuestBookingPage />, { fetch: api.fetch });
    const field = await screen.findByLabelText('E-mail');
    expect(field).toHaveValue('');
    fireEvent.change(field, { target: { value: BOOKED_WITH } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm your e-mail' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      `If an account exists for ${BOOKED_WITH}, we have sent it a 5-digit code by e-mail.`,
    );
  });
});

describe('the sign-in page with a code', () => {
  it('keeps the wording that tells nobody whether an account exists', async () => {
    const api = createFakeApiWithPosts({ '/crm/api/user/send-auth-code': codeSent });
    await renderInApp(<LoginPage returnTo="/bookings" />, { fetch: api.fetch });
    fireEvent.click(await screen.findByRole('tab', { name: 'With a code' }));
    fireEvent.change(await screen.findByLabelText('E-mail'), { target: { value: BOOKED_WITH } });
    fireEvent.click(screen.getByRole('button', { name: 'Send me a code' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      `If an account exists for ${BOOKED_WITH}, we have sent it a 5-digit code by e-mail.`,
    );
  });
});
