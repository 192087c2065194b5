import { useQuery } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useApi } from '../../../../lib/api';
import { renderInApp } from '../../../../lib/testing/render-in-app';
import { browserIn, hydrateForZone, withProfileZone } from '../../../../lib/testing/viewer-zone';
import { requestForAnswerQuery, type RequestForOrganizer } from '../../api';
import type { SuggestedAnswer } from '../../answer';
import { requestFixture } from '../../testing/request-fixture';
import { AnswerPage } from './answer-page';

const TOKEN = 'answer-token.signature';
const ANSWER_PATH = '/crm/api/request/answer';

interface FakeAnswer {
  status: number;
  body: unknown;
}

/**
 * A stand-in answer API: GET answers the request as it is now, POST answers from `answers` in
 * turn (by default, the request moved to what was asked). Records every call.
 */
function answerApi(
  start: RequestForOrganizer,
  { answers = [], after }: { answers?: FakeAnswer[]; after?: RequestForOrganizer } = {},
) {
  let current = start;
  const calls: Array<{ method: string; token: string | null; body: unknown }> = [];
  let release: (() => void) | undefined;
  const fetch = async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    if (url.pathname !== ANSWER_PATH)
      return Response.json({ message: 'Not found' }, { status: 404 });
    if (request.method === 'GET') {
      calls.push({ method: 'GET', token: url.searchParams.get('token'), body: undefined });
      return Response.json(current);
    }
    const body = (await request.json()) as { answer: 'confirm' | 'decline'; reason?: string };
    calls.push({ method: 'POST', token: null, body });
    if (hold) await new Promise<void>((resolve) => (release = resolve));
    const answer = answers.shift();
    if (after) current = after;
    if (answer) return Response.json(answer.body, { status: answer.status });
    current =
      body.answer === 'confirm'
        ? { ...current, status: 2, respond_by: null }
        : { ...current, status: 6, respond_by: null, decline_reason: body.reason ?? null };
    return Response.json(current);
  };
  let hold = false;
  return {
    fetch,
    calls,
    posts: () => calls.filter((call) => call.method === 'POST'),
    /** POSTs wait until `release` is called. */
    holdPosts: () => (hold = true),
    release: () => release?.(),
  };
}

/** The page as the route shows it: the request read from the query the answer updates. */
function AnswerRouteStandIn({ suggested }: { suggested: SuggestedAnswer }) {
  const { data } = useQuery(requestForAnswerQuery(useApi(), TOKEN));
  return data ? <AnswerPage token={TOKEN} suggested={suggested} request={data} /> : null;
}

async function renderAnswer(
  api: ReturnType<typeof answerApi>,
  suggested: SuggestedAnswer = 'confirm',
  /** The organizer is signed in, their settings' time zone this (null: none chosen). */
  { profileZone }: { profileZone?: string | null } = {},
) {
  const view = await renderInApp(<AnswerRouteStandIn suggested={suggested} />, {
    fetch: profileZone === undefined ? api.fetch : withProfileZone(profileZone, api.fetch),
    signedIn: profileZone !== undefined,
  });
  await screen.findByRole('heading', { level: 1, name: 'Booking request #4821' });
  return view;
}

const confirmButton = () => screen.getByRole('button', { name: 'Confirm booking' });
const reasonField = () => screen.getByLabelText('Reason for the traveller');

describe('AnswerPage', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the request: tour, dates, riders with age on the first day, comment, price, deadline', async () => {
    browserIn('Asia/Tokyo');
    const request = requestFixture();
    await renderAnswer(answerApi(request));
    expect(screen.getByText('Altai Horse Trek to the Multinskiye Lakes')).toBeInTheDocument();
    expect(screen.getByText('12–19 Jul 2026')).toBeInTheDocument();
    // Whole on its line (no-break spaces): a narrow column breaks a range at its dash only.
    expect(screen.getByText('12–19 Jul 2026').textContent).toBe('12–19\u00a0Jul\u00a02026');
    expect(screen.getByText('€1,840')).toBeInTheDocument();
    // 14:30 UTC, in the device's zone with the zone named: nobody is signed in.
    expect(screen.getByText('Answer by 23:30 GMT+9, 2 Jun 2026')).toBeInTheDocument();

    const riders = within(screen.getByRole('region', { name: 'Riders' })).getAllByRole('listitem');
    expect(riders).toHaveLength(2);
    // Born 13 Jul 1990: still 35 on 12 Jul 2026, the first day.
    expect(riders[0]).toHaveTextContent('Ines Moreau');
    expect(riders[0]).toHaveTextContent('Age on the first day35');
    expect(riders[0]).toHaveTextContent('Weight61 kg');
    expect(
      within(riders[0]!).getByRole('img', { name: 'Rider level: Intermediate, 3 of 5' }),
    ).toBeInTheDocument();
    expect(riders[1]).toHaveTextContent('LevelNot given');
    expect(riders[0]).toHaveTextContent('Food restrictionVegetarian');
    expect(riders[1]).toHaveTextContent('Age on the first dayNot given');
    expect(screen.getByText('We have ridden before, but never for a week.')).toBeInTheDocument();
  });

  it('sends nothing on render, and focuses Confirm for the Confirm link', async () => {
    const api = answerApi(requestFixture());
    await renderAnswer(api, 'confirm');
    await waitFor(() => expect(confirmButton()).toHaveFocus());
    expect(confirmButton()).toHaveClass('gk-button--primary');
    expect(screen.queryByLabelText('Reason for the traveller')).not.toBeInTheDocument();
    expect(api.posts()).toHaveLength(0);
  });

  it('opens the decline form at once for the Decline link, and sends nothing', async () => {
    const api = answerApi(requestFixture());
    await renderAnswer(api, 'decline');
    await waitFor(() => expect(reasonField()).toHaveFocus());
    expect(api.posts()).toHaveLength(0);
  });

  it('confirms on one click, once, and shows the outcome', async () => {
    const api = answerApi(requestFixture());
    await renderAnswer(api);
    fireEvent.click(confirmButton());
    fireEvent.click(confirmButton());
    expect(
      await screen.findByText('Confirmed: the traveller has been asked to pay.'),
    ).toBeInTheDocument();
    expect(api.posts()).toEqual([
      { method: 'POST', token: null, body: { token: TOKEN, answer: 'confirm' } },
    ]);
    // Focus moves in an effect after the confirmation renders.
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Booking confirmed' })).toHaveFocus(),
    );
    expect(screen.queryByRole('button', { name: 'Confirm booking' })).not.toBeInTheDocument();
  });

  it('offers no Confirm while the traveller has not confirmed their e-mail, and starts on Decline', async () => {
    await renderAnswer(answerApi({ ...requestFixture(), email_proof_required: true }));
    expect(screen.getByTestId('awaiting-email')).toHaveTextContent(
      "Waiting for the traveller to confirm their e-mail. You can confirm once they have, with this link or on the booking's page; until then you can decline.",
    );
    expect(screen.queryByRole('button', { name: 'Confirm booking' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Decline' })).toHaveFocus());
  });

  it('keeps every button disabled while the answer is on its way', async () => {
    const api = answerApi(requestFixture());
    api.holdPosts();
    await renderAnswer(api);
    fireEvent.click(screen.getByRole('button', { name: 'Decline' }));
    fireEvent.change(reasonField(), { target: { value: 'The river is too high in July.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Decline request' }));
    await waitFor(() => expect(api.posts()).toHaveLength(1));
    expect(confirmButton()).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Decline request' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Back' })).toBeDisabled();
    api.release();
    expect(
      await screen.findByText(
        'Declined. The traveller has been told: The river is too high in July.',
      ),
    ).toBeInTheDocument();
    expect(api.posts()).toHaveLength(1);
  });

  it('needs a reason to decline', async () => {
    const api = answerApi(requestFixture());
    await renderAnswer(api, 'decline');
    fireEvent.change(reasonField(), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Decline request' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Tell the traveller why you decline: they will read it.',
    );
    expect(reasonField()).toHaveAttribute('aria-invalid', 'true');
    expect(reasonField()).toHaveAccessibleDescription(
      'Tell the traveller why you decline: they will read it.',
    );
    expect(api.posts()).toHaveLength(0);
  });

  it("shows the API's field error under the reason on 422", async () => {
    const api = answerApi(requestFixture(), {
      answers: [
        {
          status: 422,
          body: {
            message: 'Please tell the traveller why',
            errors: { reason: ['Required field'] },
          },
        },
      ],
    });
    await renderAnswer(api, 'decline');
    fireEvent.change(reasonField(), { target: { value: 'No' } });
    fireEvent.click(screen.getByRole('button', { name: 'Decline request' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Required field');
    expect(reasonField()).toHaveAccessibleDescription('Required field');
  });

  it("shows the server's message on 409 and reloads the request", async () => {
    const api = answerApi(requestFixture(), {
      answers: [{ status: 409, body: { message: 'This booking was cancelled by the traveller' } }],
      after: requestFixture({ status: 5, respond_by: null }),
    });
    await renderAnswer(api);
    fireEvent.click(confirmButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This booking was cancelled by the traveller',
    );
    expect(
      await screen.findByText(
        'The traveller cancelled this booking. The seats have been released.',
      ),
    ).toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === 'GET')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Confirm booking' })).not.toBeInTheDocument();
  });

  it('shows the outcome, and no actions, for a request already declined', async () => {
    const api = answerApi(
      requestFixture({ status: 6, respond_by: null, decline_reason: 'No horses free that week.' }),
    );
    await renderAnswer(api, 'confirm');
    expect(screen.getByRole('heading', { name: 'Request declined' })).toBeInTheDocument();
    expect(
      screen.getByText('Declined. The traveller has been told: No horses free that week.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByText(/Answer by/)).not.toBeInTheDocument();
    expect(api.posts()).toHaveLength(0);
  });
});

describe('AnswerPage: the deadline’s time zone (decision 191)', () => {
  // The fixture's deadline, 14:30 UTC on 2 Jun 2026: 16:30 in Madrid, 23:30 in Tokyo.
  const request = requestFixture();
  afterEach(() => vi.restoreAllMocks());

  it('writes the deadline in the zone of the organizer’s settings, named, not the device’s', async () => {
    browserIn('Asia/Tokyo');
    await renderAnswer(answerApi(request), 'confirm', { profileZone: 'Europe/Madrid' });
    expect(await screen.findByText('Answer by 16:30 CEST, 2 Jun 2026')).toBeInTheDocument();
    expect(screen.queryByText(/23:30/)).not.toBeInTheDocument();
  });

  it('writes it in the device’s zone, named, when the settings have none', async () => {
    browserIn('Asia/Tokyo');
    await renderAnswer(answerApi(request), 'confirm', { profileZone: null });
    expect(await screen.findByText('Answer by 23:30 GMT+9, 2 Jun 2026')).toBeInTheDocument();
  });

  it('hydrates the server’s deadline with no mismatch: the settings’ zone from the first HTML', async () => {
    browserIn('Asia/Tokyo');
    const { serverHtml, mismatches } = await hydrateForZone(
      <AnswerPage token={TOKEN} suggested="confirm" request={request} />,
      'Europe/Madrid',
      answerApi(request).fetch,
    );
    expect(serverHtml).toContain('Answer by <!-- -->16:30 CEST, 2 Jun 2026');
    expect(screen.getByText('Answer by 16:30 CEST, 2 Jun 2026')).toBeInTheDocument();
    expect(mismatches).toEqual([]);
  });

  it('hydrates UTC with no mismatch when signed out, then writes the device’s zone', async () => {
    browserIn('Asia/Tokyo');
    const mismatches: unknown[] = [];
    const { serverHtml } = await renderInApp(
      <AnswerPage token={TOKEN} suggested="confirm" request={request} />,
      {
        fetch: answerApi(request).fetch,
        hydrate: { onRecoverableError: (error) => mismatches.push(error) },
      },
    );
    expect(serverHtml).toContain('Answer by <!-- -->14:30 UTC, 2 Jun 2026');
    expect(await screen.findByText('Answer by 23:30 GMT+9, 2 Jun 2026')).toBeInTheDocument();
    expect(mismatches).toEqual([]);
  });
});
