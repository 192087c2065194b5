/**
 * Default messages of the generic form rules (docs/product.md, Validation). `{…}` are filled from
 * the rule's arguments.
 */
export const RULE_MESSAGES = {
  required: 'Required field',
  email: 'Please enter a valid e-mail',
  confirmed: 'Do not match',
  min: 'Minimum {length} characters',
  max: 'Maximum {length} characters',
  minValue: 'Minimum {min}',
  maxValue: 'Maximum {max}',
  phone: 'Please enter a valid phone number',
  url: 'Incorrect url',
} as const;

/** Used when a rule (e.g. a function rule returning `false`) has no message of its own. */
export const FALLBACK_RULE_MESSAGE = 'Incorrect value';

/** The phone rule: a plus sign, then at least this many digits (docs/product.md, Constants). */
export const PHONE_RULE_MIN_DIGITS = 9;

export type RuleName = keyof typeof RULE_MESSAGES;

/** Values of the whole form, so that a rule can compare fields (`confirmed`). */
export type FormValues = Record<string, unknown>;

/** A function rule: `true` passes, a string is the error, `false` fails with the fallback message. */
export type RuleFunction = (value: unknown, values: FormValues) => boolean | string;

/** Rules as an object, e.g. `{ required: true, min: 3, confirmed: 'password' }`. */
export type RulesObject = Partial<
  Record<RuleName, boolean | string | number | (string | number)[]>
>;

/**
 * Field rules in one of the spec's three forms: a pipe-separated string with comma-separated
 * arguments (`'required|min:3|confirmed:password'`), an object, or a function. A list mixes them.
 */
export type Rules = string | RulesObject | RuleFunction | (string | RulesObject | RuleFunction)[];

/** Custom messages per rule; they come before the rule's own message. */
export type RuleMessages = Partial<Record<RuleName, string>>;

interface ParsedRule {
  name: RuleName;
  args: string[];
}

type ParsedEntry = ParsedRule | RuleFunction;

const EMAIL_PATTERN = /^[^\s@"(),:;<>[\\\]]+@[^\s@"(),:;<>[\\\]]+\.[a-z]{2,}$/i;
const PHONE_SEPARATORS = /[\s()-]/g;

function isRuleName(name: string): name is RuleName {
  return Object.hasOwn(RULE_MESSAGES, name);
}

function toRule(name: string, args: string[]): ParsedRule | undefined {
  if (isRuleName(name)) return { name, args };
  console.error(`[@gallop/ui-kit] Unknown validation rule "${name}"; it is ignored.`);
  return undefined;
}

function parseString(rules: string): ParsedRule[] {
  return rules
    .split('|')
    .map((part) => part.trim())
    .filter(Boolean)
    .flatMap((part) => {
      const colon = part.indexOf(':');
      const name = colon === -1 ? part : part.slice(0, colon);
      const args =
        colon === -1
          ? []
          : part
              .slice(colon + 1)
              .split(',')
              .map((arg) => arg.trim());
      return toRule(name.trim(), args) ?? [];
    });
}

function parseObject(rules: RulesObject): ParsedRule[] {
  return Object.entries(rules).flatMap(([name, value]) => {
    if (value === false || value === undefined) return [];
    const args = value === true ? [] : Array.isArray(value) ? value.map(String) : [String(value)];
    return toRule(name, args) ?? [];
  });
}

/** Normalises any accepted rules form into an ordered list. */
export function parseRules(rules: Rules | undefined): ParsedEntry[] {
  if (rules === undefined) return [];
  if (Array.isArray(rules)) return rules.flatMap((entry) => parseRules(entry));
  if (typeof rules === 'function') return [rules];
  if (typeof rules === 'string') return parseString(rules);
  return parseObject(rules);
}

/** Empty for `required`: undefined, null, blank string, empty list or `false`. */
export function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null || value === false) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

function lengthOf(value: unknown): number {
  if (Array.isArray(value)) return value.length;
  return String(value).length;
}

function numberArg(args: string[], rule: RuleName): number {
  const parsed = Number(args[0]);
  if (args[0] === undefined || Number.isNaN(parsed)) {
    console.error(`[@gallop/ui-kit] Rule "${rule}" needs a numeric argument.`);
  }
  return parsed;
}

export function isEmail(value: unknown): boolean {
  return typeof value === 'string' && EMAIL_PATTERN.test(value.trim());
}

/** The spec's phone rule: `+` then at least 9 digits (spaces, dashes and brackets allowed). */
export function isPhone(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const compact = value.replace(PHONE_SEPARATORS, '');
  return new RegExp(`^\\+\\d{${PHONE_RULE_MIN_DIGITS},}$`).test(compact);
}

export function isUrl(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value.trim());
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

/** Whether one rule passes. Every rule but `required` passes on an empty value. */
function passes({ name, args }: ParsedRule, value: unknown, values: FormValues): boolean {
  if (name === 'required') return !isEmptyValue(value);
  if (isEmptyValue(value)) return true;
  switch (name) {
    case 'email':
      return Array.isArray(value) ? value.every(isEmail) : isEmail(value);
    case 'confirmed':
      return args[0] !== undefined && value === values[args[0]];
    case 'min':
      return lengthOf(value) >= numberArg(args, name);
    case 'max':
      return lengthOf(value) <= numberArg(args, name);
    case 'minValue':
      return Number(value) >= numberArg(args, name);
    case 'maxValue':
      return Number(value) <= numberArg(args, name);
    case 'phone':
      return isPhone(value);
    case 'url':
      return isUrl(value);
  }
}

function interpolate(template: string, params: Record<string, string | undefined>): string {
  return template.replace(/\{(\w+)\}/g, (match, key: string) => params[key] ?? match);
}

function messageFor({ name, args }: ParsedRule, messages: RuleMessages | undefined): string {
  const template = messages?.[name] ?? RULE_MESSAGES[name] ?? FALLBACK_RULE_MESSAGE;
  return interpolate(template, { length: args[0], min: args[0], max: args[0], field: args[0] });
}

export interface ValidateOptions {
  /** The whole form's values, for `confirmed`. */
  values?: FormValues;
  /** Custom messages; they win over the defaults. */
  messages?: RuleMessages;
}

/** Runs the rules in order and returns the first failing rule's message, or `undefined`. */
export function validateValue(
  value: unknown,
  rules: Rules | undefined,
  { values = {}, messages }: ValidateOptions = {},
): string | undefined {
  for (const rule of parseRules(rules)) {
    if (typeof rule === 'function') {
      const result = rule(value, values);
      if (result === true) continue;
      return typeof result === 'string' && result !== '' ? result : FALLBACK_RULE_MESSAGE;
    }
    if (!passes(rule, value, values)) return messageFor(rule, messages);
  }
  return undefined;
}
