import { describe, expect, it } from 'vitest';
import { needsSession } from './session-calls';

describe('needsSession', () => {
  it('is true for the calls whose contract security asks for a token', () => {
    expect(needsSession('GET', '/crm/api/chat/unread-count')).toBe(true);
    expect(needsSession('post', '/crm/api/user/logout')).toBe(true);
    expect(needsSession('GET', '/crm/api/user/favourite-tours')).toBe(true);
  });

  it('is false for public calls and for calls a visitor may also make signed out', () => {
    expect(needsSession('GET', '/spa/tours')).toBe(false);
    expect(needsSession('POST', '/crm/api/user/auth')).toBe(false);
    // `security: [{}, bearerAuth]`: a booking request works signed in or not.
    expect(needsSession('POST', '/crm/api/request/create')).toBe(false);
  });

  it('matches the method too', () => {
    expect(needsSession('POST', '/crm/api/chat/unread-count')).toBe(false);
  });
});
