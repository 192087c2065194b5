import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createFakeApiWithPosts,
  type FakePostAnswer,
} from '../../../../lib/testing/fake-api-posts';
import { renderInApp } from '../../../../lib/testing/render-in-app';
import { HelpRequestButton } from './help-request-button';

const PATH = '/spa/submit-help-request';
const OK: FakePostAnswer = { status: 200, body: { result: true } };

async function openForm(ui = <HelpRequestButton />, answer: FakePostAnswer = OK) {
  const api = createFakeApiWithPosts({ [PATH]: answer });
  await renderInApp(ui, { fetch: api.fetch });
  fireEvent.click(await screen.findByRole('button', { name: 'Help me choose a tour' }));
  // The form's chunk is imported on first open (the phone input is large): allow for it.
  const dialog = await screen.findByRole('dialog', {}, { timeout: 15_000 });
  return { api, dialog };
}

function type(dialog: HTMLElement, label: string, value: string) {
  fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
}

const send = (dialog: HTMLElement) =>
  fireEvent.click(within(dialog).getByRole('button', { name: 'Send my request' }));

describe('Help me choose a tour', () => {
  afterEach(() => {
    document.cookie = 'last_request_id=; max-age=0; path=/';
  });

  it('opens a labelled dialog with the form', async () => {
    const { dialog } = await openForm();
    expect(dialog).toHaveAccessibleName('Help me choose a tour');
    expect(within(dialog).getByLabelText('What are you looking for?')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Your name (optional)')).toBeInTheDocument();
    expect(within(dialog).getByRole('group', { name: 'How can we answer you?' })).toBeVisible();
  });

  it('shows the spec validation messages, tied to their fields, and sends nothing', async () => {
    const { api, dialog } = await openForm();
    send(dialog);
    const message = within(dialog).getByLabelText('What are you looking for?');
    await waitFor(() => expect(message).toHaveAccessibleDescription('Required field'));
    expect(message).toHaveAttribute('aria-invalid', 'true');
    expect(message).toHaveFocus();
    expect(within(dialog).getByLabelText('E-mail')).toHaveAccessibleDescription(
      'Leave an e-mail or a phone so that we can answer',
    );

    type(dialog, 'What are you looking for?', 'Mountains in July');
    type(dialog, 'E-mail', 'rider@');
    type(dialog, 'Phone', '+1415');
    send(dialog);
    expect(await within(dialog).findByText('Please enter a valid e-mail')).toBeInTheDocument();
    expect(within(dialog).getByText('Please enter a valid phone number')).toBeInTheDocument();
    expect(api.sent).toEqual([]);
  });

  it('sends a request with a phone, with the last booking request, as a callback request', async () => {
    document.cookie = 'last_request_id=41; path=/';
    const { api, dialog } = await openForm();
    type(dialog, 'What are you looking for?', '  A week in Iceland for two riders.  ');
    type(dialog, 'Your name (optional)', 'Ana');
    type(dialog, 'Phone', '+1 415 555 0134');
    send(dialog);
    // The site's callback-requested modal replaces the form.
    const done = await screen.findByRole('dialog', { name: 'Callback requested' });
    expect(done).toHaveTextContent(
      'Our support team will call you back at +1 415 555 0134 to suggest tours that fit.',
    );
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(api.sent).toEqual([
      {
        path: PATH,
        body: {
          message: 'A week in Iceland for two riders.',
          name: 'Ana',
          phone: '+14155550134',
          request_id: 41,
        },
      },
    ]);
    fireEvent.click(within(done).getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('thanks a visitor who left only an e-mail in the form itself: no callback is asked for', async () => {
    const { dialog } = await openForm();
    type(dialog, 'What are you looking for?', 'Steppe rides in May');
    type(dialog, 'E-mail', 'rider@example.com');
    send(dialog);
    const done = await within(dialog).findByRole('status');
    expect(done).toHaveTextContent('Thank you, your request is with our team.');
    expect(done).toHaveTextContent('answer you at rider@example.com');
    // Focus moves in an effect after the confirmation renders.
    await waitFor(() => expect(done).toHaveFocus());
    expect(screen.queryByRole('dialog', { name: 'Callback requested' })).toBeNull();
    fireEvent.click(within(done).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('sends the tour it was opened from and names it', async () => {
    const tour = { id: 99, name: 'Thar Desert Riding Expedition' };
    const { api, dialog } = await openForm(<HelpRequestButton tour={tour} />);
    expect(dialog).toHaveTextContent('Not sure Thar Desert Riding Expedition is right for you?');
    type(dialog, 'What are you looking for?', 'Something shorter?');
    type(dialog, 'E-mail', 'rider@example.com');
    send(dialog);
    await within(dialog).findByRole('status');
    expect(api.sent[0]?.body).toEqual({
      message: 'Something shorter?',
      email: 'rider@example.com',
      tour_id: 99,
    });
  });

  it('shows a 422’s message and field errors and keeps what was typed', async () => {
    const { dialog } = await openForm(<HelpRequestButton />, {
      status: 422,
      body: {
        message: 'Leave an e-mail or a phone so that we can answer',
        errors: { email: ['Required field'], phone: ['Required field'] },
      },
    });
    type(dialog, 'What are you looking for?', 'Desert rides in winter');
    type(dialog, 'E-mail', 'rider@example.com');
    send(dialog);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Leave an e-mail or a phone so that we can answer',
    );
    const email = within(dialog).getByLabelText('E-mail');
    await waitFor(() => expect(email).toHaveAccessibleDescription('Required field'));
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveFocus();
    expect(within(dialog).getByLabelText('Phone')).toHaveAccessibleDescription('Required field');
    expect(email).toHaveValue('rider@example.com');
    expect(within(dialog).getByLabelText('What are you looking for?')).toHaveValue(
      'Desert rides in winter',
    );
    // Editing the field clears its error.
    type(dialog, 'E-mail', 'other@example.com');
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'false'));
  });

  it('says when the visitor sent too many requests (429), keeping the text', async () => {
    const { dialog } = await openForm(<HelpRequestButton />, {
      status: 429,
      body: { message: 'Too many requests. Please confirm you are not a robot.', type: 'captcha' },
    });
    type(dialog, 'What are you looking for?', 'A cruise with horses');
    type(dialog, 'E-mail', 'rider@example.com');
    send(dialog);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Too many requests from this device. Send again and confirm you are not a robot.',
    );
    expect(within(dialog).getByLabelText('What are you looking for?')).toHaveValue(
      'A cruise with horses',
    );
  });
});
