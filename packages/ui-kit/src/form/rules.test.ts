import { describe, expect, it, vi } from 'vitest';
import { FALLBACK_RULE_MESSAGE, isPhone, parseRules, validateValue } from './rules';

describe('validateValue: the spec rules and messages', () => {
  it('required fails on empty, null, blank, an empty list and false', () => {
    for (const empty of ['', '   ', null, undefined, [], false]) {
      expect(validateValue(empty, 'required')).toBe('Required field');
    }
    for (const filled of ['a', 0, ['x'], true]) {
      expect(validateValue(filled, 'required')).toBeUndefined();
    }
  });

  it('email checks the address and every item of a list', () => {
    expect(validateValue('rider@gallop.travel', 'email')).toBeUndefined();
    expect(validateValue('rider@gallop', 'email')).toBe('Please enter a valid e-mail');
    expect(validateValue(['a@b.co', 'c@d.org'], 'email')).toBeUndefined();
    expect(validateValue(['a@b.co', 'nope'], 'email')).toBe('Please enter a valid e-mail');
  });

  it('confirmed compares with another named field', () => {
    const values = { password: 'secret1', repeat: 'secret1' };
    expect(validateValue('secret1', 'confirmed:password', { values })).toBeUndefined();
    expect(validateValue('secret2', 'confirmed:password', { values })).toBe('Do not match');
  });

  it('min and max count characters (or list items) and name the length', () => {
    expect(validateValue('ab', 'min:3')).toBe('Minimum 3 characters');
    expect(validateValue('abc', 'min:3')).toBeUndefined();
    expect(validateValue('abcdef', 'max:5')).toBe('Maximum 5 characters');
    expect(validateValue(['a', 'b'], 'max:1')).toBe('Maximum 1 characters');
  });

  it('minValue and maxValue compare numbers and name the bound', () => {
    expect(validateValue(0, 'minValue:1')).toBe('Minimum 1');
    expect(validateValue('5', 'minValue:1|maxValue:4')).toBe('Maximum 4');
    expect(validateValue(4, { minValue: 1, maxValue: 4 })).toBeUndefined();
  });

  it('phone needs a plus then at least 9 digits', () => {
    expect(isPhone('+123456789')).toBe(true);
    expect(isPhone('+1 (234) 567-89')).toBe(true);
    expect(isPhone('+12345678')).toBe(false);
    expect(isPhone('123456789')).toBe(false);
    expect(validateValue('+1234', 'phone')).toBe('Please enter a valid phone number');
  });

  it('url accepts http(s) addresses only', () => {
    expect(validateValue('https://gallop.travel/tours', 'url')).toBeUndefined();
    expect(validateValue('gallop travel', 'url')).toBe('Incorrect url');
    expect(validateValue('ftp://gallop.travel', 'url')).toBe('Incorrect url');
  });

  it('skips every rule but required on an empty value', () => {
    expect(validateValue('', 'email|min:3|phone|url')).toBeUndefined();
  });
});

describe('rule forms, order and messages', () => {
  it('parses a pipe string with comma arguments', () => {
    expect(parseRules('required|min:3|confirmed:password')).toEqual([
      { name: 'required', args: [] },
      { name: 'min', args: ['3'] },
      { name: 'confirmed', args: ['password'] },
    ]);
    expect(parseRules('minValue: 2 , 9')).toEqual([{ name: 'minValue', args: ['2', '9'] }]);
  });

  it('parses an object and skips rules switched off', () => {
    expect(parseRules({ required: true, email: false, max: 10, minValue: [1] })).toEqual([
      { name: 'required', args: [] },
      { name: 'max', args: ['10'] },
      { name: 'minValue', args: ['1'] },
    ]);
  });

  it('runs function rules: true passes, a string is the message, false falls back', () => {
    const even = (value: unknown) => Number(value) % 2 === 0 || 'Must be even';
    expect(validateValue(3, even)).toBe('Must be even');
    expect(validateValue(4, even)).toBeUndefined();
    expect(validateValue('x', () => false)).toBe(FALLBACK_RULE_MESSAGE);
    expect(FALLBACK_RULE_MESSAGE).toBe('Incorrect value');
  });

  it('passes the form values to function rules', () => {
    const rule = vi.fn(() => true);
    validateValue('a', rule, { values: { other: 'b' } });
    expect(rule).toHaveBeenCalledWith('a', { other: 'b' });
  });

  it('reports only the first failing rule', () => {
    expect(validateValue('x', 'min:3|email')).toBe('Minimum 3 characters');
    expect(validateValue('x', 'email|min:3')).toBe('Please enter a valid e-mail');
    expect(validateValue('', ['required', () => 'never reached'])).toBe('Required field');
  });

  it('uses a custom message before the rule default, with placeholders filled', () => {
    const messages = { required: 'Tell us your name', min: 'At least {length}, please' };
    expect(validateValue('', 'required|min:2', { messages })).toBe('Tell us your name');
    expect(validateValue('a', 'required|min:2', { messages })).toBe('At least 2, please');
  });

  it('logs an unknown rule and ignores it', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(validateValue('x', 'shout|min:1')).toBeUndefined();
    expect(error).toHaveBeenCalledWith(expect.stringContaining('"shout"'));
  });
});
