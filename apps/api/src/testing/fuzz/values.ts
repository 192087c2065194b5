import type { Random } from '#src/shared/random.ts';
import { schemaType, type JsonSchema } from './schema.ts';

/**
 * Values for one schema: a valid one (the baseline each malformed request starts from, so that
 * one request breaks one thing) and many malformed ones, as JSON values (bodies) or as text
 * (query, path and header values).
 */

/** Samples for the contract's patterns; `valid-values` tests fail when a new pattern lacks one. */
const PATTERN_SAMPLES: Record<string, string> = {
  '^\\+\\d{9,17}$': '+4915112345678',
  '^\\d{5}$': '12345',
  '^[A-Z]{3}$': 'EUR',
  '^\\d{2}:\\d{2}$': '10:30',
  '^\\d{4}$': '2025',
  '^[1-9][0-9]{0,9}-[A-Za-z0-9_-]{16,64}$': '812-Zq4v9Lk2Rt7Yw1Xp',
};

const FORMAT_SAMPLES: Record<string, (random: Random) => string> = {
  email: (random) => `rider${random.int(1, 999)}@example.com`,
  uuid: (random) => random.uuid(),
  uri: () => 'https://example.com/photo.jpg',
  date: (random) => `2026-0${random.int(1, 9)}-1${random.int(0, 9)}`,
  'date-time': (random) => `2026-0${random.int(1, 9)}-1${random.int(0, 9)}T10:30:00Z`,
};

function validString(schema: JsonSchema, random: Random): string {
  if (schema.format && FORMAT_SAMPLES[schema.format]) return FORMAT_SAMPLES[schema.format]!(random);
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern, 'u');
    const candidates = [PATTERN_SAMPLES[schema.pattern], ...(schema.examples ?? [])];
    const sample = candidates.find(
      (candidate): candidate is string => typeof candidate === 'string' && pattern.test(candidate),
    );
    if (sample !== undefined) return sample;
  }
  const example = schema.examples?.find((value): value is string => typeof value === 'string');
  if (example !== undefined) return example;
  const length = Math.max(schema.minLength ?? 1, Math.min(schema.maxLength ?? 8, 8));
  return 'horse ride tour'.padEnd(length, 'x').slice(0, length);
}

/** The range valid numbers are drawn from: small ones (ids the seed has, pages with results). */
function integerBounds(schema: JsonSchema): [number, number] {
  const low =
    schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
  const high = Math.min(
    schema.maximum ?? Infinity,
    schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : Infinity,
    Math.max(low, 0) + 50,
  );
  return [low, Math.max(low, high)];
}

/** A value the schema accepts (small ids, real-looking strings), chosen by `random`. */
export function validValue(schema: JsonSchema, random: Random): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum && schema.enum.length > 0) return random.pick(schema.enum);
  const variant = schema.oneOf?.[0] ?? schema.anyOf?.[0];
  if (variant && !schema.type) return validValue(variant, random);
  switch (schemaType(schema)) {
    case 'integer': {
      const [low, high] = integerBounds(schema);
      return random.int(low, high);
    }
    case 'number': {
      const [low, high] = integerBounds(schema);
      return random.int(low, high) + (high > low ? 0.5 : 0);
    }
    case 'boolean':
      return random.chance(0.5);
    case 'string':
      return schema.contentMediaType ? 'fuzz file content' : validString(schema, random);
    case 'array': {
      const count = Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 2, 2));
      return Array.from({ length: count }, () => validValue(schema.items ?? {}, random));
    }
    case 'object': {
      const required = new Set(schema.required ?? []);
      const entries = Object.entries(schema.properties ?? {}).filter(
        ([name]) => required.has(name) || random.chance(0.5),
      );
      return Object.fromEntries(entries.map(([name, child]) => [name, validValue(child, random)]));
    }
    default:
      return 'x';
  }
}

/** A malformed value and what makes it malformed (shown in failure messages). */
export interface Variant<T> {
  label: string;
  value: T;
}

const OVERSIZE = 'x'.repeat(100_000);
const WIDE_OBJECT = Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`k${i}`, i]));

/**
 * Numbers that break integer columns and JavaScript number handling once past validation (the
 * values of issue 43, finding 10: ids of 2^31 and more, 1e308, -0).
 */
const HUGE_NUMBERS: Variant<number>[] = [
  { label: 'int32 overflow', value: 2 ** 31 },
  { label: 'int32 underflow', value: -(2 ** 31) - 1 },
  { label: 'uint32 overflow', value: 2 ** 32 },
  { label: 'beyond safe integers', value: 2 ** 53 + 2 },
  { label: '2^63', value: 2 ** 63 },
  { label: 'huge', value: 1e308 },
  { label: 'huge negative', value: -1e308 },
  { label: 'negative zero', value: -0 },
  { label: 'smallest float', value: Number.MIN_VALUE },
];

function boundaryNumbers(schema: JsonSchema, integer: boolean): Variant<number>[] {
  const step = integer ? 1 : 0.5;
  const variants: Variant<number>[] = [
    { label: 'negative', value: -1 },
    { label: 'zero', value: 0 },
    ...HUGE_NUMBERS,
  ];
  if (schema.minimum !== undefined) {
    variants.push({ label: 'below minimum', value: schema.minimum - step });
  }
  if (schema.maximum !== undefined) {
    variants.push({ label: 'above maximum', value: schema.maximum + step });
  }
  if (schema.exclusiveMinimum !== undefined) {
    variants.push({ label: 'at exclusive minimum', value: schema.exclusiveMinimum });
  }
  if (schema.exclusiveMaximum !== undefined) {
    variants.push({ label: 'at exclusive maximum', value: schema.exclusiveMaximum });
  }
  if (integer) variants.push({ label: 'float for integer', value: 1.5 });
  return variants;
}

/** Strings that are the right type and the wrong content. */
function badStrings(schema: JsonSchema): Variant<string>[] {
  const variants: Variant<string>[] = [
    { label: 'empty string', value: '' },
    { label: 'blank string', value: '   ' },
    { label: 'NUL character', value: 'tour\u0000ride' },
    { label: 'oversize string', value: OVERSIZE },
    { label: 'emoji and right-to-left text', value: '🐎 \u202Eحصان' },
    { label: 'SQL-like text', value: "' OR '1'='1'; --" },
    { label: 'LIKE wildcards', value: '%_\\' },
    { label: 'markup', value: '<script>alert(1)</script>' },
  ];
  if (schema.maxLength !== undefined) {
    variants.push(
      { label: 'one over maxLength', value: 'a'.repeat(schema.maxLength + 1) },
      // Within maxLength (JSON Schema counts code points) yet four bytes a character.
      { label: 'maxLength of emoji', value: '🐎'.repeat(Math.min(schema.maxLength, 20_000)) },
    );
  }
  if (schema.minLength !== undefined && schema.minLength > 1) {
    variants.push({ label: 'one under minLength', value: 'a'.repeat(schema.minLength - 1) });
  }
  if (schema.pattern) variants.push({ label: 'pattern mismatch', value: 'abc-123!' });
  if (schema.enum) {
    const first = String(schema.enum[0]);
    variants.push(
      { label: 'outside enum', value: 'not-in-enum' },
      {
        label: 'enum in other case',
        value: first.toUpperCase() === first ? first.toLowerCase() : first.toUpperCase(),
      },
      { label: 'enum with spaces', value: ` ${first} ` },
    );
  }
  switch (schema.format) {
    case 'date':
    case 'date-time': {
      const time = schema.format === 'date-time' ? 'T00:00:00Z' : '';
      variants.push(
        { label: 'impossible date', value: `2025-02-30${time}` },
        { label: 'month 13', value: `2025-13-01${time}` },
        { label: 'year zero', value: `0000-01-01${time}` },
        { label: 'far future', value: `9999-12-31${time}` },
        { label: 'six-digit year', value: `275760-09-13${time}` },
        { label: 'unpadded date', value: '2025-1-1' },
        { label: 'dotted date', value: '01.02.2025' },
        { label: 'relative date word', value: 'today' },
      );
      break;
    }
    case 'email':
      variants.push(
        { label: 'not an email', value: 'rider-at-example' },
        { label: 'bare at', value: '@' },
      );
      break;
    case 'uuid':
      variants.push(
        { label: 'not a uuid', value: 'not-a-uuid' },
        { label: 'uuid without dashes', value: '0123456789abcdef0123456789abcdef' },
      );
      break;
    case 'uri':
      variants.push(
        { label: 'not a uri', value: 'not a uri' },
        { label: 'script uri', value: 'javascript:alert(1)' },
      );
      break;
  }
  return variants;
}

/** Malformed JSON values for a body field with `schema` (wrong types, bounds, formats ...). */
export function malformedJsonValues(schema: JsonSchema): Variant<unknown>[] {
  const type = schemaType(schema);
  const wrongTypes: Variant<unknown>[] = [
    { label: 'null', value: null },
    { label: 'object for scalar', value: { nested: { deeper: 1 } } },
    { label: 'array', value: [1, 'two', null] },
  ];
  switch (type) {
    case 'integer':
    case 'number':
      return [
        ...wrongTypes,
        { label: 'string for number', value: 'abc' },
        { label: 'NaN-like string', value: 'NaN' },
        { label: 'Infinity string', value: 'Infinity' },
        { label: 'numeric string with spaces', value: ' 12 ' },
        { label: 'boolean for number', value: true },
        ...boundaryNumbers(schema, type === 'integer'),
      ];
    case 'boolean':
      return [
        ...wrongTypes,
        { label: 'string for boolean', value: 'yes' },
        { label: 'number for boolean', value: 2 },
      ];
    case 'string':
      return [
        ...wrongTypes,
        { label: 'number for string', value: 12345 },
        { label: 'boolean for string', value: false },
        { label: 'lone surrogate', value: 'ride\ud800' },
        ...badStrings(schema),
      ];
    case 'array': {
      const item = schema.items ?? {};
      const badItems = malformedJsonValues(item).slice(0, 12);
      return [
        ...wrongTypes.filter((variant) => !Array.isArray(variant.value)),
        { label: 'string for array', value: '1,2,3' },
        { label: 'empty array', value: [] },
        {
          label: 'one over maxItems',
          value: Array.from({ length: (schema.maxItems ?? 10_000) + 1 }, () => item.enum?.[0] ?? 1),
        },
        { label: 'nested arrays', value: [[[[1]]]] },
        { label: 'a hundred thousand items', value: new Array<number>(100_000).fill(0) },
        ...badItems.map((variant) => ({
          label: `array item: ${variant.label}`,
          value: [variant.value],
        })),
      ];
    }
    case 'object':
      return [
        ...wrongTypes.filter((variant) => variant.value === null || Array.isArray(variant.value)),
        { label: 'string for object', value: 'object' },
        { label: 'empty object', value: {} },
        { label: 'deeply nested object', value: deepNesting(500) },
        { label: 'unknown property', value: { unknownFuzzField: 1 } },
        { label: 'ten thousand properties', value: WIDE_OBJECT },
      ];
    default:
      return [...wrongTypes, { label: 'deeply nested object', value: deepNesting(500) }];
  }
}

/** `{"a":{"a":...}}` `depth` levels deep. */
function deepNesting(depth: number): unknown {
  let value: unknown = 1;
  for (let level = 0; level < depth; level += 1) value = { a: value };
  return value;
}

/**
 * A text value for the query string, path or a header: `values` are repeated occurrences
 * (`?a=1&a=2`), and `raw` ones go into the URL without percent-encoding (broken escapes).
 */
export interface TextValue {
  values: string[];
  raw?: boolean;
}

const text = (label: string, value: string, raw = false): Variant<TextValue> => ({
  label,
  value: { values: [value], ...(raw ? { raw } : {}) },
});

/** Text that breaks URL decoding: invalid escapes and escapes of invalid UTF-8. */
export const BROKEN_ESCAPES: Variant<TextValue>[] = [
  text('lone percent sign', '%', true),
  text('invalid escape', '%ZZ', true),
  text('truncated escape', '%E0%A4%A', true),
  text('invalid UTF-8 bytes', '%FF%FE%FD', true),
  text('escaped lone surrogate', '%ED%A0%80', true),
  text('escaped NUL', '%00', true),
  text('overlong UTF-8 slash', '%C0%AF', true),
];

function numberTexts(schema: JsonSchema, integer: boolean): Variant<TextValue>[] {
  return [
    text('letters for number', 'abc'),
    text('NaN', 'NaN'),
    text('Infinity', 'Infinity'),
    text('negative Infinity', '-Infinity'),
    text('exponent overflow', '1e400'),
    text('exponent underflow', '1e-400'),
    text('hexadecimal', '0x1F'),
    text('full-width digits', '１２'),
    text('comma decimal', '1,5'),
    text('double sign', '--1'),
    text('leading zeros', '000012'),
    text('twenty digits', '99999999999999999999'),
    text('int64 overflow', '9223372036854775808'),
    text('exponent int32 overflow', '3e9'),
    text('exponent huge', '1e308'),
    text('minus zero', '-0'),
    text('explicit plus', '+1'),
    text('trailing dot', '1.'),
    text('lower-case nan', 'nan'),
    text('undefined word', 'undefined'),
    text('boolean word', 'true'),
    ...boundaryNumbers(schema, integer).map((variant) =>
      text(variant.label, String(variant.value)),
    ),
  ];
}

/** Malformed text values for a query, path or header parameter with `schema`. */
export function malformedTextValues(schema: JsonSchema): Variant<TextValue>[] {
  const type = schemaType(schema);
  const common: Variant<TextValue>[] = [
    text('empty value', ''),
    text('null word', 'null'),
    text('object notation', '[object Object]'),
    ...BROKEN_ESCAPES,
  ];
  switch (type) {
    case 'integer':
    case 'number':
      return [...common, ...numberTexts(schema, type === 'integer')];
    case 'boolean':
      return [...common, text('yes for boolean', 'yes'), text('two for boolean', '2')];
    case 'string':
      return [
        ...common,
        ...badStrings(schema).map((variant) => text(variant.label, variant.value)),
        { label: 'repeated scalar', value: { values: ['a', 'b'] } },
      ];
    case 'array': {
      const item = schema.items ?? {};
      const good = item.enum?.[0] ?? (schemaType(item) === 'string' ? 'a' : 1);
      const badItems = malformedTextValues(item).filter((variant) => !variant.value.raw);
      return [
        ...common,
        text('comma-joined list', `${good},${good}`),
        text('JSON array text', `[${good}]`),
        {
          label: 'one over maxItems',
          value: {
            values: Array.from({ length: (schema.maxItems ?? 500) + 1 }, () => String(good)),
          },
        },
        ...badItems.slice(0, 24).map((variant) => ({
          label: `array item: ${variant.label}`,
          value: { values: [String(good), ...variant.value.values] },
        })),
      ];
    }
    default:
      return common;
  }
}
