import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#src/testing/app.ts';
import { captureLogs } from '#src/testing/logs.ts';

const logs = captureLogs();
let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp({ LOG_LEVEL: 'info' }, { logStream: logs.stream });
});
afterAll(() => testApp.close());

describe('XML request bodies', () => {
  it('are refused with a JSON 415', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/crm/api/user/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<login><email>a@b.c</email></login>',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({
      message: 'XML request bodies are not accepted: send JSON',
    });
  });

  it('leave no content-type warning in the start-up log', () => {
    const warnings = logs.entries.filter((entry) =>
      String(entry.msg).includes('ContentTypeParser'),
    );
    expect(warnings).toEqual([]);
    // The log is captured at all: the start logged something.
    expect(logs.entries.length).toBeGreaterThan(0);
  });
});
