import { ApiError } from '@gallop/api-client';
import { describe, expect, it } from 'vitest';
import { formProblems } from './form-problems';

const FIELDS = ['password', 'confirm_password'] as const;

describe('formProblems', () => {
  it('puts a 422’s details on the fields and says nothing above the button twice', () => {
    const weak = 'This password is too easy to guess. Add more words or use a less common phrase.';
    const error = new ApiError({
      kind: 'http',
      status: 422,
      message: weak,
      errors: { password: [weak] },
    });
    expect(formProblems(error, `${weak} ${weak}`, FIELDS)).toEqual({
      fields: { password: weak },
      message: undefined,
    });
  });

  it('keeps the message and other fields’ details above the button', () => {
    const error = new ApiError({
      kind: 'http',
      status: 422,
      message: 'Please check the form',
      errors: { password: ['Too short'], token: ['Unknown link'] },
    });
    expect(formProblems(error, 'ignored', FIELDS)).toEqual({
      fields: { password: 'Too short' },
      message: 'Please check the form Unknown link',
    });
  });

  it('keeps the failure text for anything but a 422', () => {
    const error = new ApiError({ kind: 'http', status: 410, message: 'Expired' });
    expect(formProblems(error, 'Expired', FIELDS)).toEqual({ fields: {}, message: 'Expired' });
    expect(formProblems(undefined, undefined, FIELDS)).toEqual({ fields: {}, message: undefined });
  });
});
