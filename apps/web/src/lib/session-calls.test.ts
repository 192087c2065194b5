import { afterEach, describe, expect, it, vi } from 'vitest';
import { SETTLE_LIMIT_MS, holdingSessionCalls } from './session-calls';
import { whileSigningOut } from './sign-out';

/** A `send` whose answers the test gives, one per request, in the order asked. */
function controlledSend() {
  const sent: string[] = [];
  const answers: ((response: Response) => void)[] = [];
  const send = (request: Request) =>
    new Promise<Response>((resolve) => {
      sent.push(`${request.method} ${new URL(request.url).pathname}`);
      answers.push(resolve);
    });
  return { sent, answers, send };
}

const ok = () => Response.json({ success: true });
const request = (method: string, path: string) => new Request(`http://web.test${path}`, { method });

afterEach(() => vi.useRealTimers());

describe('holdingSessionCalls', () => {
  it('sends the sign-out only once the session calls already sent have their answers', async () => {
    const { sent, answers, send } = controlledSend();
    const fetch = holdingSessionCalls(send);
    const unread = fetch(request('GET', '/crm/api/chat/unread-count'));
    const over = whileSigningOut(() => fetch(request('POST', '/crm/api/user/logout')));
    await Promise.resolve();
    expect(sent).toEqual(['GET /crm/api/chat/unread-count']);

    answers[0]!(ok());
    await expect(unread).resolves.toBeInstanceOf(Response);
    await vi.waitFor(() =>
      expect(sent).toEqual(['GET /crm/api/chat/unread-count', 'POST /crm/api/user/logout']),
    );
    answers[1]!(ok());
    await over;
  });

  it('sends no call that needs the session while a sign-out is on its way; public ones go', async () => {
    const { sent, answers, send } = controlledSend();
    const fetch = holdingSessionCalls(send);
    let heldBack: Promise<unknown> | undefined;
    let tours: Promise<Response> | undefined;
    await whileSigningOut(async () => {
      heldBack = fetch(request('GET', '/crm/api/chat/unread-count')).catch((error) => error);
      tours = fetch(request('GET', '/spa/tours'));
      answers[0]!(ok());
      await tours;
    });
    expect(await heldBack).toMatchObject({ name: 'AbortError' });
    expect(sent).toEqual(['GET /spa/tours']);

    // Over: the calls go again (signed out, the web server adds no token).
    const after = fetch(request('GET', '/crm/api/chat/unread-count'));
    expect(sent).toEqual(['GET /spa/tours', 'GET /crm/api/chat/unread-count']);
    answers[1]!(ok());
    await after;
  });

  it('waits for a slow session call at most SETTLE_LIMIT_MS', async () => {
    vi.useFakeTimers();
    const { sent, answers, send } = controlledSend();
    const fetch = holdingSessionCalls(send);
    void fetch(request('GET', '/crm/api/user/favourite-tours'));
    const over = whileSigningOut(() => fetch(request('POST', '/crm/api/user/logout')));
    await vi.advanceTimersByTimeAsync(SETTLE_LIMIT_MS - 1);
    expect(sent).toEqual(['GET /crm/api/user/favourite-tours']);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toEqual(['GET /crm/api/user/favourite-tours', 'POST /crm/api/user/logout']);
    for (const answer of answers) answer(ok());
    // The sign-out is over (the tests of a project share this module's state).
    await over;
  });

  it('reads the contract path after the API base path', async () => {
    const { sent, send } = controlledSend();
    const fetch = holdingSessionCalls(send, '/api/');
    await whileSigningOut(async () => {
      await expect(
        fetch(new Request('http://api.test/api/crm/api/chat/unread-count')),
      ).rejects.toMatchObject({ name: 'AbortError' });
    });
    expect(sent).toEqual([]);
  });
});
