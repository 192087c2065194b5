import { describe, expect, it } from 'vitest';
import { expectContractResponse, expectContractSchema, type CheckedResponse } from './contract.ts';

const json = (
  statusCode: number,
  body: unknown,
  type = 'application/json; charset=utf-8',
): CheckedResponse => ({
  statusCode,
  headers: { 'content-type': type },
  body: JSON.stringify(body),
});

// The checks guard every other test, so they must reject what the contract does not allow.
describe('contract checks', () => {
  it('accept a declared status with a matching body', () => {
    expect(expectContractResponse(json(200, { status: 'ok', uptime: 1.5 }), 'getHealth')).toEqual({
      status: 'ok',
      uptime: 1.5,
    });
  });

  it.each([
    ['a wrong enum value', { status: 'fine', uptime: 1 }],
    ['a missing property', { status: 'ok' }],
    ['an extra property', { status: 'ok', uptime: 1, debug: true }],
    ['a negative uptime', { status: 'ok', uptime: -1 }],
  ])('reject %s', (_name, body) => {
    expect(() => expectContractResponse(json(200, body), 'getHealth')).toThrow(
      /does not match the contract/,
    );
  });

  it('follow shared responses ($ref to components/responses) to their schema', () => {
    expect(expectContractResponse(json(404, { message: 'Tour not found' }), 'getTour')).toEqual({
      message: 'Tour not found',
    });
    expect(() => expectContractResponse(json(404, { error: 'nope' }), 'getTour')).toThrow(
      /does not match the contract/,
    );
  });

  it('reject a status the operation does not declare', () => {
    expect(() => expectContractResponse(json(500, { message: 'x' }), 'getHealth')).toThrow(
      /declares no response for status 500/,
    );
  });

  it('reject a non-JSON answer', () => {
    expect(() =>
      expectContractResponse(json(200, { status: 'ok', uptime: 1 }, 'text/plain'), 'getHealth'),
    ).toThrow(/Expected a JSON answer/);
  });

  it('check component schemas such as Error', () => {
    expect(() => expectContractSchema(json(404, { message: 'Not found' }), 'Error')).not.toThrow();
    expect(() => expectContractSchema(json(404, { error: 'Not found' }), 'Error')).toThrow(
      /must have required property 'message'/,
    );
    expect(() =>
      expectContractSchema(json(400, { message: 'x', errors: { email: 'bad' } }), 'Error'),
    ).toThrow(/must be array/);
  });
});
