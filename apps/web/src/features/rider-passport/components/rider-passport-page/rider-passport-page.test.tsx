import { SELF_ASSESSMENT_QUESTIONS as Q } from '@gallop/rider-fit';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeAnswers } from '../../../../lib/testing/fake-api';
import {
  createFakeApiWithPosts,
  type FakePostAnswer,
} from '../../../../lib/testing/fake-api-posts';
import { renderInApp } from '../../../../lib/testing/render-in-app';
import { RiderPassportPage } from './rider-passport-page';

const PATH = '/spa/rider-passport';

type Answer = Record<string, unknown>;

const EMPTY_ACCOUNT = { passport: null, companions: [] };

function accountApi(account: Answer = EMPTY_ACCOUNT, save?: FakePostAnswer) {
  return createFakeApiWithPosts(
    { [PATH]: save ?? { status: 200, body: account } },
    { ...fakeAnswers, [PATH]: account },
  );
}

async function renderGuest() {
  await renderInApp(<RiderPassportPage />);
  return screen.findByRole('button', { name: 'Save passport' });
}

async function renderSignedIn(api: ReturnType<typeof accountApi>) {
  await renderInApp(<RiderPassportPage />, { fetch: api.fetch, signedIn: true });
  await screen.findByRole('heading', { name: 'Companions' });
}

const section = (name: string) => screen.getByRole('heading', { name }).closest('section')!;

/** The fields of one passport: the traveller's section or one companion's list item. */
function within_(element: HTMLElement) {
  const scope = within(element);
  return {
    level: (label: string) => scope.getByRole('radio', { name: label }),
    tack: (label: string) => scope.getByRole('radio', { name: label }),
    hours: () => scope.getByLabelText('Comfortable riding hours a day'),
    weight: () => scope.getByLabelText('Weight with clothing, kg'),
  };
}

function clearCookies() {
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  }
}

afterEach(clearCookies);

describe('RiderPassportPage, before the passport is known', () => {
  it('renders the form disabled and empty on the server, and hydrates without a mismatch', async () => {
    const onRecoverableError = vi.fn();
    document.cookie = 'gallop_rider=level%3Dadvanced; path=/';
    const server: { disabled?: boolean; checked?: string[]; busy?: string | null } = {};
    await renderInApp(<RiderPassportPage />, {
      hydrate: {
        onRecoverableError,
        beforeHydrating: () => {
          const form = document.querySelector('form');
          server.disabled = form?.querySelector('fieldset')?.disabled;
          server.checked = [...(form?.querySelectorAll('input:checked') ?? [])].map(
            (input) => input.closest('label')?.textContent ?? '',
          );
          server.busy = form?.getAttribute('aria-busy');
        },
      },
    });
    // Empty: no level, no preference of tack.
    expect(server).toEqual({ disabled: true, checked: ['No preference'], busy: 'true' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Your rider passport');
    expect(screen.getByText(/fits you, is a stretch or is not suitable/)).toBeInTheDocument();
    expect(screen.getByText(/Your weight stays private/)).toBeInTheDocument();
    // The guest's cookie shows once the page has hydrated, in a form that is enabled then.
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Advanced' })).toBeChecked());
    expect(screen.getByRole('button', { name: 'Save passport' })).toBeEnabled();
    expect(onRecoverableError).not.toHaveBeenCalled();
  });
});

describe('RiderPassportPage, a guest', () => {
  it('takes the level the self-assessment proposes', async () => {
    await renderGuest();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Not sure? Answer five questions' }));
    const answer = async (question: string, text: string) =>
      user.click(
        within(screen.getByRole('radiogroup', { name: question })).getByRole('radio', {
          name: text,
        }),
      );
    await answer(Q.walk.question, Q.walk.answers.alone);
    await answer(Q.trot.question, Q.trot.answers.short);
    await answer(Q.canter.question, Q.canter.answers.arena);
    await answer(Q.gallop.question, Q.gallop.answers.no);
    await user.type(screen.getByRole('spinbutton', { name: Q.hoursUsedTo.question }), '3{Enter}');
    await user.click(screen.getByRole('button', { name: 'Use this level' }));

    const novice = screen.getByRole('radio', { name: 'Novice' });
    expect(novice).toBeChecked();
    expect(novice).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Use this level' })).not.toBeInTheDocument();
  });

  it('saves the passport in the gallop_rider cookie', async () => {
    await renderGuest();
    const fields = within_(section('Your passport'));
    fireEvent.click(fields.level('Intermediate'));
    fireEvent.click(fields.tack('Western'));
    fireEvent.change(fields.hours(), { target: { value: '4.5' } });
    fireEvent.change(fields.weight(), { target: { value: '82' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save passport' }));

    expect(await screen.findByText('Your rider passport is saved.')).toBeInTheDocument();
    expect(document.cookie).toContain(
      'gallop_rider=level%3Dintermediate%26tack%3Dwestern%26hours%3D4.5%26weight%3D82',
    );
  });

  it('explains a weight out of range and keeps the passport unsaved', async () => {
    await renderGuest();
    const fields = within_(section('Your passport'));
    fireEvent.click(fields.level('Beginner'));
    const weight = fields.weight();
    fireEvent.change(weight, { target: { value: '201' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save passport' }));

    await waitFor(() => expect(weight).toHaveAccessibleDescription('Between 20 and 200 kg'));
    expect(weight).toHaveAttribute('aria-invalid', 'true');
    fireEvent.change(fields.hours(), { target: { value: '3.2' } });
    fireEvent.blur(fields.hours());
    await waitFor(() =>
      expect(fields.hours()).toHaveAccessibleDescription(
        'Use whole or half hours, such as 3 or 3.5',
      ),
    );
    expect(document.cookie).not.toContain('gallop_rider');
    expect(screen.queryByText('Your rider passport is saved.')).not.toBeInTheDocument();
  });

  it('asks for a level before saving', async () => {
    await renderGuest();
    fireEvent.click(screen.getByRole('button', { name: 'Save passport' }));
    const levels = screen.getByRole('radiogroup', { name: 'Your level' });
    await waitFor(() => expect(levels).toHaveAccessibleDescription('Choose a level'));
    expect(levels).toHaveAttribute('aria-invalid', 'true');
  });

  it('offers signing in for companions, and no companions section', async () => {
    await renderGuest();
    expect(
      screen.getByText(/Sign in to keep companions' passports and use them on any device/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/login?redirect=%2Frider-passport',
    );
    expect(screen.queryByRole('heading', { name: 'Companions' })).not.toBeInTheDocument();
  });

  it('removes the passport and its cookie', async () => {
    document.cookie = 'gallop_rider=level%3Dnovice%26weight%3D70; path=/';
    await renderGuest();
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Novice' })).toBeChecked());
    fireEvent.click(screen.getByRole('button', { name: 'Remove passport' }));

    expect(await screen.findByText('Your rider passport is removed.')).toBeInTheDocument();
    expect(document.cookie).not.toContain('gallop_rider');
    expect(screen.getByRole('radio', { name: 'Novice' })).not.toBeChecked();
    expect(screen.getByLabelText('Weight with clothing, kg')).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Remove passport' })).not.toBeInTheDocument();
  });
});

describe('RiderPassportPage, a signed-in traveller', () => {
  it('posts the passport and a new companion as the contract has them', async () => {
    const api = accountApi();
    await renderSignedIn(api);
    const yours = within_(section('Your passport'));
    fireEvent.click(yours.level('Strong intermediate'));
    fireEvent.click(yours.tack('English'));
    fireEvent.change(yours.hours(), { target: { value: '5' } });
    fireEvent.change(yours.weight(), { target: { value: '74' } });

    fireEvent.click(screen.getByRole('button', { name: 'Add a companion' }));
    const companion = screen.getByRole('listitem', { name: 'Companion 1' });
    const name = within(companion).getByLabelText('Name');
    await waitFor(() => expect(name).toHaveFocus());
    fireEvent.change(name, { target: { value: 'Ann Rider' } });
    fireEvent.click(within_(companion).level('Novice'));
    fireEvent.change(within_(companion).weight(), { target: { value: '61' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save passport' }));

    expect(await screen.findByText('Your rider passport is saved.')).toBeInTheDocument();
    expect(api.sent).toEqual([
      {
        path: PATH,
        body: {
          passport: {
            level: 'strong-intermediate',
            tack: 'english',
            hours_per_day: 5,
            weight_kg: 74,
          },
          companions: [
            { name: 'Ann Rider', level: 'novice', tack: null, hours_per_day: null, weight_kg: 61 },
          ],
        },
      },
    ]);
  });

  it('lists, edits and removes companions, and saves the ones left', async () => {
    const api = accountApi({
      passport: { level: 'advanced', tack: null, hours_per_day: null, weight_kg: null },
      companions: [
        { name: 'Ann', level: 'beginner', tack: null, hours_per_day: null, weight_kg: null },
        { name: 'Bob', level: 'novice', tack: 'western', hours_per_day: 2, weight_kg: 90 },
      ],
    });
    await renderSignedIn(api);
    const first = screen.getByRole('listitem', { name: 'Companion 1' });
    await waitFor(() => expect(within(first).getByLabelText('Name')).toHaveValue('Ann'));
    const second = screen.getByRole('listitem', { name: 'Companion 2' });
    expect(within_(second).level('Novice')).toBeChecked();
    expect(within_(second).tack('Western')).toBeChecked();

    fireEvent.click(within(first).getByRole('button', { name: 'Remove companion 1' }));
    expect(screen.getAllByRole('listitem', { name: /^Companion/ })).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Add a companion' })).toHaveFocus();
    const bob = screen.getByRole('listitem', { name: 'Companion 1' });
    expect(within(bob).getByLabelText('Name')).toHaveValue('Bob');
    fireEvent.change(within_(bob).hours(), { target: { value: '3' } });

    fireEvent.click(screen.getByRole('button', { name: 'Add a companion' }));
    const added = screen.getByRole('listitem', { name: 'Companion 2' });
    fireEvent.change(within(added).getByLabelText('Name'), { target: { value: 'Cleo' } });
    fireEvent.click(within_(added).level('Advanced'));
    fireEvent.click(screen.getByRole('button', { name: 'Save passport' }));

    await screen.findByText('Your rider passport is saved.');
    expect(api.sent[0]?.body).toEqual({
      passport: { level: 'advanced', tack: null, hours_per_day: null, weight_kg: null },
      companions: [
        { name: 'Bob', level: 'novice', tack: 'western', hours_per_day: 3, weight_kg: 90 },
        { name: 'Cleo', level: 'advanced', tack: null, hours_per_day: null, weight_kg: null },
      ],
    });
  });

  it("asks for a companion's name and level", async () => {
    const api = accountApi({
      passport: { level: 'advanced', tack: null, hours_per_day: null, weight_kg: null },
      companions: [],
    });
    await renderSignedIn(api);
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Advanced' })).toBeChecked());
    fireEvent.click(screen.getByRole('button', { name: 'Add a companion' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save passport' }));

    const companion = screen.getByRole('listitem', { name: 'Companion 1' });
    await waitFor(() =>
      expect(within(companion).getByLabelText('Name')).toHaveAccessibleDescription(
        "Enter the companion's name",
      ),
    );
    expect(
      within(companion).getByRole('radiogroup', { name: 'Level' }),
    ).toHaveAccessibleDescription('Choose a level');
    expect(api.sent).toEqual([]);
  });

  it('says so when saving fails, and keeps what was typed', async () => {
    const api = accountApi(EMPTY_ACCOUNT, {
      status: 503,
      body: { message: 'The service is busy. Please try again in a minute.' },
    });
    await renderSignedIn(api);
    fireEvent.click(screen.getByRole('radio', { name: 'Novice' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save passport' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The service is busy. Please try again in a minute.',
    );
    expect(screen.getByRole('radio', { name: 'Novice' })).toBeChecked();
    expect(screen.queryByText('Your rider passport is saved.')).not.toBeInTheDocument();
  });

  it("shows the API's refusal of a companion's field on that field", async () => {
    const api = accountApi(
      {
        passport: { level: 'advanced', tack: null, hours_per_day: null, weight_kg: null },
        companions: [
          { name: 'Ann', level: 'novice', tack: null, hours_per_day: null, weight_kg: null },
        ],
      },
      {
        status: 422,
        body: { message: 'Required field', errors: { 'companions.0.name': ['Required field'] } },
      },
    );
    await renderSignedIn(api);
    const name = within(screen.getByRole('listitem', { name: 'Companion 1' })).getByLabelText(
      'Name',
    );
    await waitFor(() => expect(name).toHaveValue('Ann'));
    fireEvent.click(screen.getByRole('button', { name: 'Save passport' }));
    await waitFor(() => expect(name).toHaveAccessibleDescription('Required field'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('offers to save the passport filled before signing in to the account', async () => {
    document.cookie = 'gallop_rider=level%3Dnovice%26tack%3Denglish; path=/';
    const api = accountApi(EMPTY_ACCOUNT, {
      status: 200,
      body: {
        passport: { level: 'novice', tack: 'english', hours_per_day: null, weight_kg: null },
        companions: [],
      },
    });
    await renderSignedIn(api);
    expect(screen.getByText('You filled a passport before signing in.')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Novice' })).toBeChecked();
    fireEvent.click(screen.getByRole('button', { name: 'Save it to your account' }));

    expect(await screen.findByText('Your rider passport is saved.')).toBeInTheDocument();
    expect(api.sent[0]?.body).toEqual({
      passport: { level: 'novice', tack: 'english', hours_per_day: null, weight_kg: null },
      companions: [],
    });
    expect(screen.queryByText('You filled a passport before signing in.')).not.toBeInTheDocument();
    expect(document.cookie).not.toContain('gallop_rider');
  });

  it('asks which to keep when the account has a different passport of its own', async () => {
    document.cookie = 'gallop_rider=level%3Dnovice%26weight%3D118; path=/';
    const api = accountApi(
      {
        passport: { level: 'advanced', tack: null, hours_per_day: null, weight_kg: null },
        companions: [],
      },
      {
        status: 200,
        body: {
          passport: { level: 'novice', tack: null, hours_per_day: null, weight_kg: 118 },
          companions: [],
        },
      },
    );
    await renderSignedIn(api);
    expect(screen.getByRole('radio', { name: 'Advanced' })).toBeChecked();
    expect(screen.queryByText('You filled a passport before signing in.')).not.toBeInTheDocument();
    expect(
      screen.getByText(/Before signing in you filled a different passport on this device/),
    ).toHaveTextContent('Novice, 118 kg');
    expect(screen.queryByText(/Sign in to keep companions/)).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Use it instead' }));
    expect(await screen.findByText('Your rider passport is saved.')).toBeInTheDocument();
    expect(api.sent[0]?.body).toMatchObject({
      passport: { level: 'novice', weight_kg: 118 },
    });
    expect(document.cookie).not.toContain('gallop_rider');
  });

  it('forgets the device’s passport when the traveller keeps the saved one', async () => {
    document.cookie = 'gallop_rider=level%3Dnovice; path=/';
    const api = accountApi({
      passport: { level: 'advanced', tack: null, hours_per_day: null, weight_kg: null },
      companions: [],
    });
    await renderSignedIn(api);
    fireEvent.click(screen.getByRole('button', { name: 'Keep my saved passport' }));
    await waitFor(() => expect(document.cookie).not.toContain('gallop_rider'));
    expect(screen.queryByText(/filled a different passport/)).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Advanced' })).toBeChecked();
    expect(api.sent).toEqual([]);
  });

  it('forgets the device’s copy of the passport the account already holds', async () => {
    document.cookie = 'gallop_rider=level%3Dadvanced; path=/';
    await renderSignedIn(
      accountApi({
        passport: { level: 'advanced', tack: null, hours_per_day: null, weight_kg: null },
        companions: [],
      }),
    );
    await waitFor(() => expect(document.cookie).not.toContain('gallop_rider'));
    expect(screen.queryByText(/filled a different passport/)).not.toBeInTheDocument();
  });

  it('removes the passport and keeps the companions', async () => {
    const ann = { name: 'Ann', level: 'novice', tack: null, hours_per_day: null, weight_kg: null };
    const api = accountApi({
      passport: { level: 'advanced', tack: null, hours_per_day: null, weight_kg: 80 },
      companions: [ann],
    });
    await renderSignedIn(api);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove passport' }));

    expect(await screen.findByText('Your rider passport is removed.')).toBeInTheDocument();
    expect(api.sent[0]?.body).toEqual({ passport: null, companions: [ann] });
    expect(within_(section('Your passport')).level('Advanced')).not.toBeChecked();
    expect(
      within(screen.getByRole('listitem', { name: 'Companion 1' })).getByLabelText('Name'),
    ).toHaveValue('Ann');
  });

  it('says so when the account passport cannot be loaded, rather than an empty form', async () => {
    const api = createFakeApiWithPosts({}, { ...fakeAnswers });
    await renderInApp(<RiderPassportPage />, {
      fetch: async (request) =>
        new URL(request.url).pathname === PATH
          ? Response.json({ message: 'Down' }, { status: 500 })
          : api.fetch(request),
      signedIn: true,
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your rider passport could not be loaded.',
    );
    expect(screen.queryByRole('button', { name: 'Save passport' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
