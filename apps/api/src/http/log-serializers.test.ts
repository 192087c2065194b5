/**
 * What the request log keeps of a request. An operator's walk found the meeting page's key, the
 * payment page's token and the organizer's Confirm/Decline token in every "incoming request"
 * line, and a stack trace in the log of every wrong password.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#src/testing/app.ts';
import { captureLogs } from '#src/testing/logs.ts';
import { isSecretName, redactUrl } from './log-serializers.ts';

const logs = captureLogs();
let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp({ LOG_LEVEL: 'info' }, { logStream: logs.stream });
});
afterAll(() => testApp.close());

/** The log lines of one request, by its id. */
const linesOf = (requestId: string) => logs.entries.filter((entry) => entry['reqId'] === requestId);

describe('the request log', () => {
  it('keeps no secret of a link in the URLs it logs', async () => {
    const secret = `s3cret-${randomUUID()}`;
    const urls = [
      `/spa/contract-organizer-meet-data?key=${secret}`,
      `/crm/api/payment/sandbox/3?token=${secret}&lang=en`,
      `/crm/api/request/answer?token=${secret}`,
      `/crm/api/request/get-by-uuid?uuid=${secret}`,
      `/crm/api/user/check-password-reset-token?access_token=${secret}&resetPassword=${secret}`,
    ];
    for (const url of urls) {
      const requestId = `log-${randomUUID()}`;
      await testApp.app.inject({ url, headers: { 'x-request-id': requestId } });
      const lines = linesOf(requestId);
      expect(lines.length).toBeGreaterThan(0);
      expect(JSON.stringify(lines)).not.toContain(secret);
      const logged = lines.find((line) => line['msg'] === 'incoming request');
      expect((logged?.['req'] as { url: string }).url).toBe(redactUrl(url));
    }
    const paymentLine = logs.entries.find(
      (entry) =>
        entry['msg'] === 'incoming request' &&
        (entry['req'] as { url: string }).url.startsWith('/crm/api/payment/sandbox/3'),
    );
    // "request completed" says which request it answered: method, URL as above, route pattern.
    const completed = logs.entries.find(
      (entry) =>
        entry['msg'] === 'request completed' &&
        (entry['res'] as { url?: string }).url?.startsWith('/crm/api/payment/sandbox/3'),
    );
    expect(completed?.['res']).toEqual({
      statusCode: expect.any(Number),
      method: 'GET',
      url: '/crm/api/payment/sandbox/3?token=***&lang=en',
      route: expect.stringMatching(/^\/crm\/api\/payment\/sandbox\/[:{]/),
    });
    // The path and the other parameters stay, for whoever follows a request.
    expect((paymentLine?.['req'] as { url: string }).url).toBe(
      '/crm/api/payment/sandbox/3?token=***&lang=en',
    );
  });

  it('logs a refused sign-in (401) without a stack trace', async () => {
    const requestId = `log-${randomUUID()}`;
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/crm/api/user/auth',
      headers: { 'x-request-id': requestId },
      payload: { login: `nobody-${randomUUID()}@example.com`, password: 'wrong-password-1' },
    });
    expect(response.statusCode).toBe(401);
    const refused = linesOf(requestId).find((line) => line['msg'] === 'client error');
    expect(refused).toMatchObject({
      level: 30,
      err: { type: 'HttpError', message: 'Invalid login or password', statusCode: 401 },
    });
    expect((refused?.['err'] as { stack?: string }).stack || undefined).toBeUndefined();
    expect(JSON.stringify(linesOf(requestId))).not.toContain('    at ');
  });
});

describe('redactUrl', () => {
  it('hides the values of credential names, and nothing else', () => {
    expect(redactUrl('/spa/tours?page=2&sort=price')).toBe('/spa/tours?page=2&sort=price');
    expect(redactUrl('/a?code=12345&id=7&password=x&apiKey=y&client_secret=z&sig')).toBe(
      '/a?code=***&id=7&password=***&apiKey=***&client_secret=***&sig',
    );
    expect(redactUrl('/a?%74oken=abc')).toBe('/a?%74oken=***');
    expect(redactUrl('/a?token=1&token=2')).toBe('/a?token=***&token=***');
    expect(redactUrl('/no-query')).toBe('/no-query');
    expect(redactUrl('/a?%E0%A4%A=1')).toBe('/a?%E0%A4%A=1');
  });

  it('knows a credential by its name', () => {
    for (const name of ['key', 'token', 'refreshToken', 'X-Api-Key', 'otp', 'uuid', 'hash']) {
      expect(isSecretName(name)).toBe(true);
    }
    for (const name of ['id', 'tour_id', 'page', 'sort', 'monkey', 'keyword', 'currency']) {
      expect(isSecretName(name)).toBe(false);
    }
  });
});
