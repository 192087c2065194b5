import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeAnswers } from '../../../../lib/testing/fake-api';
import { createFakeApiWithPosts } from '../../../../lib/testing/fake-api-posts';
import { renderInApp } from '../../../../lib/testing/render-in-app';
import type { UserProfile } from '../../api';
import { SettingsPage } from './settings-page';

const USER: UserProfile = {
  id: 7,
  first_name: 'Ann',
  last_name: 'Rider',
  is_email_set: true,
  email: 'ann@example.com',
  phone: null,
  is_phone_confirmed: false,
  is_admin_auth: false,
  role: 'client',
};

const TOO_EASY =
  'This password is too easy to guess. This is a heavily used password. Add more words or use a less common phrase.';

describe('SettingsPage, e-mail', () => {
  const emailSection = async () =>
    (await screen.findByRole('heading', { name: /^E-mail/ }, { timeout: 5000 })).closest(
      'section',
    )!;

  it('offers the confirmation link again while the e-mail is not confirmed', async () => {
    await renderInApp(<SettingsPage user={{ ...USER, is_email_confirmed: false }} />, {
      signedIn: true,
    });
    const section = await emailSection();
    expect(within(section).getByText('Not confirmed')).toBeInTheDocument();
    expect(
      within(section).getByRole('button', { name: 'Send the confirmation link again' }),
    ).toBeInTheDocument();
  });

  it('says a confirmed e-mail is confirmed, and offers no link again', async () => {
    await renderInApp(<SettingsPage user={{ ...USER, is_email_confirmed: true }} />, {
      signedIn: true,
    });
    const section = await emailSection();
    expect(within(section).getByText('Confirmed')).toBeInTheDocument();
    expect(
      within(section).queryByRole('button', { name: 'Send the confirmation link again' }),
    ).toBeNull();
  });
});

describe('SettingsPage, changing the e-mail to the one it is', () => {
  const ALREADY = 'This is already your e-mail';
  const emailSection = async () =>
    (await screen.findByRole('heading', { name: /^E-mail/ }, { timeout: 5000 })).closest(
      'section',
    )!;
  const submit = (section: HTMLElement, email: string) => {
    fireEvent.change(within(section).getByLabelText('New e-mail'), { target: { value: email } });
    fireEvent.change(within(section).getByLabelText('Current password'), {
      target: { value: 'saddle-up-2026' },
    });
    fireEvent.click(within(section).getByRole('button', { name: 'Change e-mail' }));
  };

  it('shows the refusal under the e-mail field and says no link was sent', async () => {
    const api = createFakeApiWithPosts({
      '/crm/api/user/change-email': {
        status: 422,
        body: { message: ALREADY, errors: { email: [ALREADY] } },
      },
    });
    await renderInApp(<SettingsPage user={{ ...USER, is_email_confirmed: true }} />, {
      fetch: api.fetch,
      signedIn: true,
    });
    const section = await emailSection();
    submit(section, 'Ann@Example.com');
    const field = within(section).getByLabelText('New e-mail');
    await waitFor(() => expect(field).toHaveAccessibleDescription(ALREADY));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(within(section).getAllByText(ALREADY)).toHaveLength(1);
    expect(section.textContent).not.toContain('We sent a link');
  });

  it('says a waiting change is called off when the answer has nothing waiting', async () => {
    const api = createFakeApiWithPosts({
      '/crm/api/user/change-email': {
        status: 200,
        body: { ...USER, is_email_confirmed: true, pending_email: null },
      },
    });
    await renderInApp(
      <SettingsPage
        user={{ ...USER, is_email_confirmed: true, pending_email: 'new@example.com' }}
      />,
      { fetch: api.fetch, signedIn: true },
    );
    const section = await emailSection();
    submit(section, 'ann@example.com');
    expect(
      await within(section).findByText(
        'The change is called off: we keep writing to ann@example.com.',
      ),
    ).toBeInTheDocument();
    expect(section.textContent).not.toContain('We sent a link');
  });
});

describe('SettingsPage, a change of e-mail waiting for its link', () => {
  it('says which address waits and where mail goes meanwhile, and keeps the current one', async () => {
    const api = createFakeApiWithPosts({
      '/crm/api/user/change-email': {
        status: 200,
        body: { ...USER, is_email_confirmed: true, pending_email: null },
      },
    });
    await renderInApp(
      <SettingsPage
        user={{ ...USER, is_email_confirmed: true, pending_email: 'new@example.com' }}
      />,
      { fetch: api.fetch, signedIn: true },
    );
    const section = (
      await screen.findByRole('heading', { name: /^E-mail/ }, { timeout: 5000 })
    ).closest('section')!;
    expect(section.textContent).toContain(
      'Waiting for confirmation: new@example.com. Open the link we sent there to move your account to it; until then we write to ann@example.com.',
    );
    await userEvent.click(within(section).getByRole('button', { name: 'Keep ann@example.com' }));
    // Keeping one's own address calls the change off, with no password asked.
    await waitFor(() =>
      expect(api.sent).toEqual([
        { path: '/crm/api/user/change-email', body: { email: 'ann@example.com' } },
      ]),
    );
  });
});

describe('SettingsPage, password', () => {
  it('shows a new password that is too easy to guess under its field, once', async () => {
    const api = createFakeApiWithPosts({
      '/crm/api/user/change-password': {
        status: 422,
        body: { message: TOO_EASY, errors: { password: [TOO_EASY] } },
      },
    });
    await renderInApp(<SettingsPage user={USER} />, { fetch: api.fetch, signedIn: true });
    const section = (
      await screen.findByRole('heading', { name: 'Password' }, { timeout: 5000 })
    ).closest('section')!;
    const password = within(section).getByLabelText('New password');
    fireEvent.change(within(section).getByLabelText('Current password'), {
      target: { value: 'saddle-up-2026' },
    });
    fireEvent.change(password, { target: { value: 'password' } });
    fireEvent.change(within(section).getByLabelText('Repeat the new password'), {
      target: { value: 'password' },
    });
    fireEvent.click(within(section).getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(password).toHaveAccessibleDescription(TOO_EASY));
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getAllByText(TOO_EASY)).toHaveLength(1);
    expect(within(section).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(section).queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows a wrong current password under the current password field', async () => {
    const api = createFakeApiWithPosts({
      '/crm/api/user/change-password': {
        status: 422,
        body: { message: 'Wrong password', errors: { old_password: ['Wrong password'] } },
      },
    });
    await renderInApp(<SettingsPage user={USER} />, { fetch: api.fetch, signedIn: true });
    const section = (
      await screen.findByRole('heading', { name: 'Password' }, { timeout: 5000 })
    ).closest('section')!;
    const current = within(section).getByLabelText('Current password');
    fireEvent.change(current, { target: { value: 'nope' } });
    fireEvent.change(within(section).getByLabelText('New password'), {
      target: { value: 'fresh-trail-1' },
    });
    fireEvent.change(within(section).getByLabelText('Repeat the new password'), {
      target: { value: 'fresh-trail-1' },
    });
    fireEvent.click(within(section).getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(current).toHaveAccessibleDescription(/^Wrong password/));
    expect(within(section).getAllByText('Wrong password')).toHaveLength(1);
  });
});

const COUNTRIES = {
  items: [
    { id: 80, name: 'Germany' },
    { id: 103, name: 'Iceland' },
    { id: 228, name: 'United States' },
  ],
};
const GETS = { ...fakeAnswers, '/crm/api/dropdown/country': COUNTRIES };
const ok = { status: 200, body: { result: true } };

async function section(name: string) {
  return (await screen.findByRole('heading', { name }, { timeout: 5000 })).closest('section')!;
}

afterEach(() => {
  document.cookie = 'country_id=; max-age=0; path=/';
  document.cookie = 'i18n_currency=; max-age=0; path=/';
});

describe('SettingsPage, a changed password', () => {
  it('empties the three fields once the password is changed, and says so', async () => {
    const api = createFakeApiWithPosts({
      '/crm/api/user/change-password': { status: 200, body: { result: true } },
    });
    await renderInApp(<SettingsPage user={USER} />, { fetch: api.fetch, signedIn: true });
    const section = (
      await screen.findByRole('heading', { name: 'Password' }, { timeout: 5000 })
    ).closest('section')!;
    const labels = ['Current password', 'New password', 'Repeat the new password'];
    const values = ['saddle-up-2026', 'fresh-trail-1987', 'fresh-trail-1987'];
    labels.forEach((label, index) =>
      fireEvent.change(within(section).getByLabelText(label), {
        target: { value: values[index] },
      }),
    );
    fireEvent.click(within(section).getByRole('button', { name: 'Change password' }));
    expect(await within(section).findByRole('status')).toHaveTextContent(
      'Your password is changed. Other devices need to sign in again.',
    );
    for (const label of labels) {
      expect(within(section).getByLabelText(label), label).toHaveValue('');
    }
    expect(api.sent).toEqual([
      {
        path: '/crm/api/user/change-password',
        body: {
          old_password: 'saddle-up-2026',
          password: 'fresh-trail-1987',
          confirm_password: 'fresh-trail-1987',
        },
      },
    ]);
  });

  it('words the current password hint so it holds with a password and without one', async () => {
    await renderInApp(<SettingsPage user={USER} />, { signedIn: true });
    const section = (
      await screen.findByRole('heading', { name: 'Password' }, { timeout: 5000 })
    ).closest('section')!;
    expect(within(section).getByLabelText('Current password')).toHaveAccessibleDescription(
      'Needed if your account has a password. Signed up with a code and never set one? Leave it empty.',
    );
  });
});

describe('SettingsPage, complete your profile', () => {
  it('asks a profile without names or e-mail to be completed, and says what is missing', async () => {
    const quick = { ...USER, first_name: null, last_name: null, is_email_set: false, email: null };
    await renderInApp(<SettingsPage user={quick} />, { signedIn: true });
    const prompt = await section('Complete your profile');
    expect(
      within(prompt).getByRole('link', { name: 'Add your first and last name' }),
    ).toHaveAttribute('href', '#settings-profile');
    expect(within(prompt).getByRole('link', { name: 'Add your e-mail' })).toBeInTheDocument();
  });

  it('does not ask when a name and the e-mail are there', async () => {
    await renderInApp(<SettingsPage user={{ ...USER, first_name: null }} />, { signedIn: true });
    await section('Personal details');
    expect(screen.queryByRole('heading', { name: 'Complete your profile' })).toBeNull();
  });
});

describe('SettingsPage, time zone', () => {
  it('offers the IANA zones in a searchable select and saves the chosen one', async () => {
    const api = createFakeApiWithPosts(
      {
        '/crm/api/user/update-profile': {
          status: 200,
          body: { ...USER, timezone: 'Europe/Berlin' },
        },
      },
      GETS,
    );
    await renderInApp(<SettingsPage user={USER} />, { fetch: api.fetch, signedIn: true });
    const profile = await section('Personal details');
    const zone = within(profile).getByRole('button', { name: /Time zone/ });
    expect(zone).toHaveAccessibleDescription(
      "Chat messages, deadlines and holds show their times in it; until you choose one, in your device's time zone.",
    );
    await userEvent.click(zone);
    await userEvent.type(
      await screen.findByRole('searchbox', { name: 'Search time zones' }),
      'berl',
    );
    await userEvent.click(
      await screen.findByRole('option', { name: /^Europe\/Berlin \(GMT\+[12]\)$/ }),
    );
    fireEvent.click(within(profile).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.sent).toContainEqual({
        path: '/crm/api/user/update-profile',
        body: { first_name: 'Ann', last_name: 'Rider', timezone: 'Europe/Berlin' },
      }),
    );
    // Over 400 zones to render and filter in a simulated DOM: slower than the other tests.
  }, 20_000);
});

describe('SettingsPage, country, language and currency', () => {
  it('saves a chosen country on the account and in the country cookie', async () => {
    const api = createFakeApiWithPosts(
      {
        '/crm/api/user/change-country': {
          status: 200,
          body: { ...USER, country: { id: 103, iso_code: 'IS', currency: 'EUR' } },
        },
      },
      GETS,
    );
    await renderInApp(<SettingsPage user={USER} />, { fetch: api.fetch, signedIn: true });
    const region = await section('Country, language and currency');
    await waitFor(() =>
      expect(within(region).getByRole('button', { name: /Country/ })).not.toBeDisabled(),
    );
    await userEvent.click(within(region).getByRole('button', { name: /Country/ }));
    await userEvent.type(await screen.findByRole('searchbox', { name: 'Search countries' }), 'ice');
    await userEvent.click(await screen.findByRole('option', { name: 'Iceland' }));
    expect(await within(region).findByRole('status')).toHaveTextContent('Your country is saved.');
    expect(api.sent).toEqual([{ path: '/crm/api/user/change-country', body: { country_id: 103 } }]);
    expect(document.cookie).toContain('country_id=103');
  });

  it('offers the interface languages and the site’s currencies, and keeps a chosen currency', async () => {
    const api = createFakeApiWithPosts({ '/crm/api/user/set-currency': ok }, GETS);
    await renderInApp(<SettingsPage user={USER} />, { fetch: api.fetch, signedIn: true });
    const region = await section('Country, language and currency');
    await userEvent.click(within(region).getByRole('button', { name: /Language/ }));
    expect(
      within(await screen.findByRole('listbox'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['English']);
    await userEvent.keyboard('{Escape}');
    const currency = within(region).getByRole('button', { name: /Currency/ });
    await waitFor(() => expect(currency).toHaveTextContent('USD'));
    await userEvent.click(currency);
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['USD', 'EUR', 'GBP']);
    await userEvent.click(screen.getByRole('option', { name: 'EUR' }));
    expect(await within(region).findByRole('status')).toHaveTextContent('Your currency is saved.');
    expect(document.cookie).toContain('i18n_currency=EUR');
    expect(currency).toHaveTextContent('EUR');
  });
});

/** The fake API's GETs, with the phone confirmation methods the API lists. */
const withMethods = (methods: string[]) => ({
  ...fakeAnswers,
  '/crm/api/user/phone-confirmation-methods': { methods },
});

const GERMANY = { id: 83, iso_code: 'DE' };

describe('SettingsPage, phone confirmation', () => {
  const unconfirmed = { ...USER, phone: '+4930901820', is_phone_confirmed: false };

  it('says a wrong code once', async () => {
    const invalid = { message: 'Invalid code', errors: { code: ['Invalid code'] } };
    const api = createFakeApiWithPosts(
      {
        '/crm/api/user/send-confirmation-code': ok,
        '/crm/api/user/confirm-phone': { status: 422, body: invalid },
      },
      withMethods(['sms']),
    );
    await renderInApp(<SettingsPage user={unconfirmed} />, { fetch: api.fetch, signedIn: true });
    const phone = await section('Phone Not confirmed');
    expect(phone).toHaveTextContent('Your phone is +49 30 901820.');
    fireEvent.click(await within(phone).findByRole('button', { name: 'Confirm by SMS' }));
    const code = await within(phone).findByRole('group', { name: 'Code from the SMS' });
    await userEvent.click(within(code).getAllByRole('textbox')[0]!);
    await userEvent.keyboard('12345');
    expect(await within(phone).findByRole('alert')).toHaveTextContent(/^Invalid code$/);
  });

  it('offers only the ways the API can send a code by, and sends by the one chosen', async () => {
    const api = createFakeApiWithPosts(
      { '/crm/api/user/send-confirmation-code': ok },
      withMethods(['whatsapp', 'telegram']),
    );
    await renderInApp(<SettingsPage user={unconfirmed} />, { fetch: api.fetch, signedIn: true });
    const phone = await section('Phone Not confirmed');
    const whatsapp = await within(phone).findByRole('button', { name: 'Confirm on WhatsApp' });
    expect(within(phone).getByRole('button', { name: 'Confirm on Telegram' })).toBeInTheDocument();
    expect(within(phone).queryByRole('button', { name: 'Confirm by SMS' })).toBeNull();
    fireEvent.click(whatsapp);
    expect(
      await within(phone).findByRole('group', { name: 'Code from WhatsApp' }),
    ).toBeInTheDocument();
    expect(within(phone).getByRole('status')).toHaveTextContent(
      'We have sent a 5-digit code on WhatsApp to +49 30 901820.',
    );
    expect(api.sent).toEqual([
      { path: '/crm/api/user/send-confirmation-code', body: { code_sender: 'whatsapp' } },
    ]);
  });

  it('says the phone cannot be confirmed now when the API can send no code, and asks none', async () => {
    const api = createFakeApiWithPosts({}, withMethods([]));
    await renderInApp(<SettingsPage user={unconfirmed} />, { fetch: api.fetch, signedIn: true });
    const phone = await section('Phone Not confirmed');
    expect(
      await within(phone).findByText(/We cannot send confirmation codes to phones at the moment/),
    ).toBeInTheDocument();
    expect(within(phone).queryByRole('button', { name: /^Confirm/ })).toBeNull();
    expect(api.sent).toEqual([]);
  });
});

describe("SettingsPage, the phone input's first country", () => {
  const countryButton = (phone: HTMLElement) =>
    within(phone).getByRole('button', { name: /^Country: / });

  it("starts in the visitor's country, and reads a national number in it", async () => {
    const api = createFakeApiWithPosts({
      '/crm/api/user/change-phone': { status: 200, body: { ...USER, phone: '+4930901820' } },
    });
    await renderInApp(<SettingsPage user={USER} />, {
      fetch: api.fetch,
      signedIn: true,
      visitor: { country: GERMANY },
    });
    const phone = await section('Phone');
    expect(countryButton(phone)).toHaveAccessibleName('Country: Germany, DE +49');
    fireEvent.change(within(phone).getByLabelText('Phone'), { target: { value: '30 901820' } });
    fireEvent.click(within(phone).getByRole('button', { name: 'Add phone' }));
    await waitFor(() =>
      expect(api.sent).toEqual([
        { path: '/crm/api/user/change-phone', body: { phone: '+4930901820' } },
      ]),
    );
  });

  it("starts in the saved phone's country, whatever the visitor's", async () => {
    const user = { ...USER, phone: '+442079460958', is_phone_confirmed: true };
    await renderInApp(<SettingsPage user={user} />, {
      signedIn: true,
      visitor: { country: GERMANY },
    });
    const phone = await section('Phone Confirmed');
    expect(countryButton(phone)).toHaveAccessibleName(/^Country: United Kingdom/);
  });
});

describe('SettingsPage, changing the phone', () => {
  const saved = (phone: string) => ({ status: 200, body: { ...USER, phone } });

  it('saves a number of another country only after its country is confirmed', async () => {
    const api = createFakeApiWithPosts({
      '/crm/api/user/change-phone': saved('+442079460958'),
    });
    await renderInApp(<SettingsPage user={USER} />, { fetch: api.fetch, signedIn: true });
    const phone = await section('Phone');
    const input = () => within(phone).getByLabelText('Phone');
    fireEvent.change(input(), { target: { value: '+44 20 7946 0958' } });
    expect(within(phone).getByRole('status')).toHaveTextContent(
      'This number belongs to United Kingdom',
    );

    fireEvent.click(within(phone).getByRole('button', { name: 'Add phone' }));
    await waitFor(() =>
      expect(input()).toHaveAccessibleDescription(
        /^Press Confirm to use this number, or correct it\. This number belongs to United Kingdom/,
      ),
    );
    expect(api.sent).toEqual([]);

    fireEvent.click(within(phone).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(input()).not.toHaveAttribute('aria-invalid', 'true'));
    expect(within(phone).queryByText(/Press Confirm/)).toBeNull();
    expect(within(phone).queryByText('This number belongs to United Kingdom')).toBeNull();
    expect(api.sent).toEqual([]);

    fireEvent.click(within(phone).getByRole('button', { name: 'Add phone' }));
    await waitFor(() =>
      expect(api.sent).toEqual([
        { path: '/crm/api/user/change-phone', body: { phone: '+442079460958' } },
      ]),
    );
  });

  it('saves a number of the chosen country at once', async () => {
    const api = createFakeApiWithPosts({
      '/crm/api/user/change-phone': saved('+14155550199'),
    });
    await renderInApp(<SettingsPage user={USER} />, { fetch: api.fetch, signedIn: true });
    const phone = await section('Phone');
    fireEvent.change(within(phone).getByLabelText('Phone'), {
      target: { value: '415 555 0199' },
    });
    fireEvent.click(within(phone).getByRole('button', { name: 'Add phone' }));
    await waitFor(() =>
      expect(api.sent).toEqual([
        { path: '/crm/api/user/change-phone', body: { phone: '+14155550199' } },
      ]),
    );
  });
});

describe('SettingsPage, ways on', () => {
  it('leads to the bookings and the rider passport in plain words', async () => {
    await renderInApp(<SettingsPage user={USER} />, { signedIn: true });
    const passport = await screen.findByRole('link', { name: 'Rider passport' });
    expect(passport.closest('p')).toHaveTextContent(
      'Match tours to how you and your companions ride: Rider passport',
    );
    expect(screen.getByRole('link', { name: 'Your bookings' })).toHaveAttribute(
      'href',
      '/bookings',
    );
  });
});
