/**
 * The page learns at the first 401 that its session ended (signed out elsewhere, a refused
 * refresh): the web server cleared the marker cookie with that answer.
 */
import { describe, expect, it, vi } from 'vitest';
import { SESSION_ENDED_EVENT, noticingEndedSession } from './session-ended';

const call = () => new Request('http://web.test/crm/api/chat/list');

/** A browser whose marker cookie the answers change, as the web server's Set-Cookie does. */
function browser(answer: { status: number; clearsMarker?: boolean }, signedIn = true) {
  const state = { signedIn };
  const send = vi.fn(async () => {
    if (answer.clearsMarker) state.signedIn = false;
    return Response.json({ message: 'x' }, { status: answer.status });
  });
  return { state, send, signedIn: () => state.signedIn };
}

describe('noticingEndedSession', () => {
  it('tells the page when a 401 came with the session cookies cleared', async () => {
    const { send, signedIn } = browser({ status: 401, clearsMarker: true });
    const ended = vi.fn();
    const response = await noticingEndedSession(send, signedIn, ended)(call());
    expect(response.status).toBe(401);
    expect(ended).toHaveBeenCalledTimes(1);
  });

  it('says nothing of a 401 that leaves the session (API could not refresh, wrong password)', async () => {
    const { send, signedIn } = browser({ status: 401 });
    const ended = vi.fn();
    await noticingEndedSession(send, signedIn, ended)(call());
    expect(ended).not.toHaveBeenCalled();
  });

  it("says nothing to a guest's 401, nor of a sign-out's 200", async () => {
    const ended = vi.fn();
    const guest = browser({ status: 401 }, false);
    await noticingEndedSession(guest.send, guest.signedIn, ended)(call());
    const signOut = browser({ status: 200, clearsMarker: true });
    await noticingEndedSession(signOut.send, signOut.signedIn, ended)(call());
    expect(ended).not.toHaveBeenCalled();
  });

  it('by default dispatches the event the session effects listen to', async () => {
    const { send, signedIn } = browser({ status: 401, clearsMarker: true });
    const heard = vi.fn();
    window.addEventListener(SESSION_ENDED_EVENT, heard);
    try {
      await noticingEndedSession(send, signedIn)(call());
    } finally {
      window.removeEventListener(SESSION_ENDED_EVENT, heard);
    }
    expect(heard).toHaveBeenCalledTimes(1);
  });
});
