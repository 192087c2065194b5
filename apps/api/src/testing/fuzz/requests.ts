import { Random } from '#src/shared/random.ts';
import type { FuzzOperation, FuzzParameter } from './operations.ts';
import { schemaType, type JsonSchema } from './schema.ts';
import {
  BROKEN_ESCAPES,
  malformedJsonValues,
  malformedTextValues,
  validValue,
  type TextValue,
  type Variant,
} from './values.ts';

/**
 * Malformed requests for one contract operation. Each starts from a valid baseline request and
 * breaks one thing (a parameter, a body field, the body as a whole, the URL, the content type),
 * so a 5xx points at one cause; combinations of two to four breakages fill up to the minimum.
 *
 * Why a small generator rather than fast-check: the aim is systematic coverage (every parameter
 * and body field gets every malformation kind for its type), not random sampling with shrinking,
 * and the requests must be the same on every run so an offender can be replayed from the
 * failure message. `Random` (the seed's mulberry32) gives the baseline values and combinations.
 */

/** A request ready for `app.inject`, plus what was malformed. */
export interface FuzzRequest {
  operationId: string;
  label: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

type Body =
  | { kind: 'value'; mediaType: string; value: unknown }
  | { kind: 'raw'; contentType?: string; payload: string | Buffer };

/** A request under construction: mutations edit a copy of the baseline draft. */
interface Draft {
  method: string;
  path: string;
  pathValues: Record<string, TextValue>;
  /** Appended to the path as-is (extra segments, broken escapes). */
  pathSuffix: string;
  query: { name: string; value: TextValue }[];
  /** Appended to the query string as-is. */
  rawQuery: string;
  headers: Record<string, string>;
  body?: Body;
}

interface Mutation {
  label: string;
  apply(draft: Draft): void;
}

export interface GenerateOptions {
  seed: number;
  /** At least this many distinct requests (before auth variants). */
  minimum: number;
}

const BOGUS_TOKENS = [
  'Bearer bogus-token',
  'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOjEsImV4cCI6MX0.',
  `Bearer ${'a'.repeat(4_096)}`,
  'Bearer ',
  'Basic dXNlcjpwYXNzd29yZA==',
  'bogus',
];

const encode = (value: TextValue, single: string) =>
  value.raw ? single : encodeURIComponent(single);

function textOf(value: unknown): TextValue {
  return { values: Array.isArray(value) ? value.map(String) : [String(value)] };
}

function baselineDraft(operation: FuzzOperation, random: Random): Draft {
  const draft: Draft = {
    method: operation.method,
    path: operation.path,
    pathValues: {},
    pathSuffix: '',
    query: [],
    rawQuery: '',
    headers: {},
  };
  for (const parameter of operation.parameters) {
    const value = validValue(parameter.schema, random);
    if (parameter.in === 'path') draft.pathValues[parameter.name] = textOf(value);
    // Optional query parameters come half the time, so handlers see sparse and full filters.
    if (parameter.in === 'query' && (parameter.required || random.chance(0.5))) {
      draft.query.push({ name: parameter.name, value: textOf(value) });
    }
    if (parameter.in === 'header' && parameter.required) {
      draft.headers[parameter.name.toLowerCase()] = String(value);
    }
  }
  if (operation.body) {
    draft.body = {
      kind: 'value',
      mediaType: operation.body.mediaTypes[0]!,
      value: validValue(operation.body.schema, random),
    };
  }
  return draft;
}

const MULTIPART_BOUNDARY = 'fuzzboundary7MA4YWxkTrZu0gW';

/** A multipart/form-data payload: strings become fields, `contentMediaType` ones file parts. */
function multipartPayload(value: unknown, schema: JsonSchema): string {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return `--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-data; name="value"\r\n\r\n${JSON.stringify(value)}\r\n--${MULTIPART_BOUNDARY}--\r\n`;
  }
  const parts = Object.entries(value).map(([name, field]) => {
    const isFile = schema.properties?.[name]?.contentMediaType !== undefined;
    const disposition = isFile
      ? `form-data; name="${name}"; filename="fuzz.bin"\r\nContent-Type: application/octet-stream`
      : `form-data; name="${name}"`;
    const content = typeof field === 'string' ? field : JSON.stringify(field);
    return `--${MULTIPART_BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n\r\n${content}\r\n`;
  });
  return `${parts.join('')}--${MULTIPART_BOUNDARY}--\r\n`;
}

function render(operation: FuzzOperation, draft: Draft, label: string): FuzzRequest {
  let path = draft.path.replace(/\{([^}]+)\}/g, (_match, name: string) => {
    const value = draft.pathValues[name];
    return value ? value.values.map((single) => encode(value, single)).join('/') : '';
  });
  path += draft.pathSuffix;
  const pairs = draft.query.flatMap(({ name, value }) =>
    value.values.map((single) => `${encodeURIComponent(name)}=${encode(value, single)}`),
  );
  if (draft.rawQuery) pairs.push(draft.rawQuery);
  const url = pairs.length > 0 ? `${path}?${pairs.join('&')}` : path;
  const headers = { ...draft.headers };
  let payload: string | Buffer | undefined;
  if (draft.body?.kind === 'value') {
    const multipart = draft.body.mediaType.startsWith('multipart/');
    headers['content-type'] ??= multipart
      ? `multipart/form-data; boundary=${MULTIPART_BOUNDARY}`
      : draft.body.mediaType;
    payload = multipart
      ? multipartPayload(draft.body.value, operation.body?.schema ?? {})
      : JSON.stringify(draft.body.value);
  } else if (draft.body?.kind === 'raw') {
    if (draft.body.contentType !== undefined) headers['content-type'] ??= draft.body.contentType;
    payload = draft.body.payload;
  }
  return {
    operationId: operation.operationId,
    label,
    method: draft.method,
    url,
    headers,
    ...(payload !== undefined ? { payload } : {}),
  };
}

function parameterMutations(parameter: FuzzParameter): Mutation[] {
  const where = `${parameter.in} ${parameter.name}`;
  const setValue = (draft: Draft, value: TextValue) => {
    if (parameter.in === 'path') draft.pathValues[parameter.name] = value;
    else if (parameter.in === 'query') {
      draft.query = draft.query.filter((entry) => entry.name !== parameter.name);
      draft.query.push({ name: parameter.name, value });
    } else {
      // Header values cannot carry raw bytes or line breaks; send the first value as text.
      draft.headers[parameter.name.toLowerCase()] = (value.values[0] ?? '').replace(
        /[^\x20-\x7e]/g,
        '?',
      );
    }
  };
  const mutations: Mutation[] = malformedTextValues(parameter.schema)
    .filter((variant) => parameter.in !== 'header' || !variant.value.raw)
    .map((variant: Variant<TextValue>) => ({
      label: `${where}: ${variant.label}`,
      apply: (draft) => setValue(draft, variant.value),
    }));
  if (parameter.required) {
    mutations.push({
      label: `${where}: missing`,
      apply: (draft) => {
        if (parameter.in === 'path') draft.pathValues[parameter.name] = { values: [''] };
        else if (parameter.in === 'query') {
          draft.query = draft.query.filter((entry) => entry.name !== parameter.name);
        } else delete draft.headers[parameter.name.toLowerCase()];
      },
    });
  }
  if (parameter.in === 'query') {
    mutations.push({
      label: `${where}: bracket array notation`,
      apply: (draft) => {
        draft.rawQuery = `${encodeURIComponent(parameter.name)}[]=1&${encodeURIComponent(parameter.name)}[0][a]=x`;
      },
    });
  }
  if (parameter.in === 'path') {
    mutations.push(
      {
        label: `${where}: extra segment`,
        apply: (draft) => {
          draft.pathSuffix = '/extra';
        },
      },
      {
        label: `${where}: dot segments`,
        apply: (draft) => setValue(draft, { values: ['..%2F..%2Fetc%2Fpasswd'], raw: true }),
      },
    );
  }
  return mutations;
}

/** Sets `value` at `path` inside a (copied) JSON value, creating objects on the way. */
function setAt(root: unknown, path: (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [key, ...rest] = path as [string | number, ...(string | number)[]];
  const container: Record<string | number, unknown> =
    root !== null && typeof root === 'object' ? (root as Record<string, unknown>) : {};
  container[key] = setAt(container[key], rest, value);
  return container;
}

function deleteAt(root: unknown, path: (string | number)[]): void {
  const parent = path
    .slice(0, -1)
    .reduce<unknown>(
      (node, key) =>
        node !== null && typeof node === 'object'
          ? (node as Record<string, unknown>)[key]
          : undefined,
      root,
    );
  if (parent !== null && typeof parent === 'object') {
    delete (parent as Record<string, unknown>)[path[path.length - 1]!];
  }
}

function bodyValue(draft: Draft): unknown {
  return draft.body?.kind === 'value' ? draft.body.value : undefined;
}

function setBodyValue(draft: Draft, operation: FuzzOperation, value: unknown): void {
  draft.body = { kind: 'value', mediaType: operation.body!.mediaTypes[0]!, value };
}

/** Field-level mutations of the body, recursing into objects and the first item of arrays. */
function fieldMutations(
  operation: FuzzOperation,
  schema: JsonSchema,
  path: (string | number)[],
  depth: number,
): Mutation[] {
  const name = path.length > 0 ? path.join('.') : '(root)';
  const edit =
    (change: (value: unknown) => unknown) =>
    (draft: Draft): void =>
      setBodyValue(draft, operation, change(structuredClone(bodyValue(draft))));
  const mutations: Mutation[] = malformedJsonValues(schema).map((variant) => ({
    label: `body ${name}: ${variant.label}`,
    apply: edit((value) => setAt(value, path, variant.value)),
  }));
  if (depth >= 3) return mutations;
  const type = schemaType(schema);
  if (type === 'object') {
    for (const required of schema.required ?? []) {
      mutations.push({
        label: `body ${name}: missing required ${required}`,
        apply: edit((value) => {
          deleteAt(value, [...path, required]);
          return value;
        }),
      });
    }
    if (schema.additionalProperties === false) {
      mutations.push({
        label: `body ${name}: unknown field`,
        apply: edit((value) => setAt(value, [...path, 'unknownFuzzField'], 'x')),
      });
    }
    for (const [property, child] of Object.entries(schema.properties ?? {})) {
      mutations.push(...fieldMutations(operation, child, [...path, property], depth + 1));
    }
  } else if (type === 'array' && schema.items && schemaType(schema.items) === 'object') {
    mutations.push(...fieldMutations(operation, schema.items, [...path, 0], depth + 1));
  }
  return mutations;
}

const raw = (label: string, payload: string | Buffer, contentType?: string): Mutation => ({
  label,
  apply: (draft) => {
    draft.body = { kind: 'raw', payload, ...(contentType !== undefined ? { contentType } : {}) };
  },
});

/** The body as a whole: broken JSON, wrong content types, empty, oversize, invalid UTF-8. */
function wholeBodyMutations(operation: FuzzOperation): Mutation[] {
  const json = 'application/json';
  const mutations: Mutation[] = [
    raw('body: truncated JSON', '{"a":', json),
    raw('body: trailing comma', '{"a":1,}', json),
    raw('body: single quotes', "{'a':1}", json),
    raw('body: NaN literal', '{"a":NaN}', json),
    raw('body: trailing garbage', '{}garbage', json),
    raw('body: byte order mark', '\ufeff{}', json),
    raw('body: JSON null', 'null', json),
    raw('body: JSON array', '[1,2,3]', json),
    raw('body: JSON string', '"text"', json),
    raw('body: JSON number', '12', json),
    raw('body: prototype pollution', '{"__proto__":{"polluted":true}}', json),
    raw('body: constructor pollution', '{"constructor":{"prototype":{"polluted":true}}}', json),
    raw('body: deeply nested arrays', `${'['.repeat(5_000)}${']'.repeat(5_000)}`, json),
    raw('body: deeply nested object', `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`, json),
    raw(
      'body: invalid UTF-8',
      Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
      json,
    ),
    raw('body: empty with JSON type', Buffer.alloc(0), json),
    raw('body: over the body limit', `{"a":"${'x'.repeat(1_100_000)}"}`, json),
    raw('body: form-encoded', 'a=1&b=2', 'application/x-www-form-urlencoded'),
    raw('body: plain text', 'hello', 'text/plain'),
    raw('body: XML', '<a>1</a>', 'application/xml'),
    raw('body: multipart without boundary', '--x\r\n\r\n', 'multipart/form-data'),
    raw(
      'body: unterminated multipart',
      `--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a"\r\n\r\nabc`,
      `multipart/form-data; boundary=${MULTIPART_BOUNDARY}`,
    ),
    raw('body: JSON in UTF-16 charset', '{}', 'application/json; charset=utf-16'),
    raw('body: unparseable content type', '{}', ';;;'),
    raw('body: JSON with a vendor type', '{}', 'application/vnd.fuzz+json'),
    raw('body: JSON without content type', '{}'),
  ];
  if (!operation.body) return mutations;
  mutations.push({
    label: 'body: missing',
    apply: (draft) => {
      delete draft.body;
    },
  });
  if (operation.body.mediaTypes.some((type) => type.startsWith('multipart/'))) {
    mutations.push(
      raw('body: JSON for multipart', '{"file":"abc"}', json),
      raw(
        'body: multipart with a wrong boundary',
        multipartPayload({ file: 'x' }, operation.body.schema),
        'multipart/form-data; boundary=other',
      ),
    );
  }
  return mutations;
}

/** The URL and method: wrong routes near the real one, broken escapes, odd query strings. */
function urlMutations(operation: FuzzOperation): Mutation[] {
  const suffix = (label: string, value: string): Mutation => ({
    label,
    apply: (draft) => {
      draft.pathSuffix = value;
    },
  });
  const query = (label: string, value: string): Mutation => ({
    label,
    apply: (draft) => {
      draft.rawQuery = value;
    },
  });
  const otherMethod = operation.method === 'GET' ? 'DELETE' : 'GET';
  return [
    suffix('url: trailing slash', '/'),
    suffix('url: double slash', '//'),
    suffix('url: extra segment', '/unknown'),
    suffix('url: encoded traversal', '/..%2F..%2Fetc%2Fpasswd'),
    ...BROKEN_ESCAPES.map((variant) =>
      suffix(`url path: ${variant.label}`, variant.value.values[0]!),
    ),
    ...BROKEN_ESCAPES.map((variant) =>
      query(`query name: ${variant.label}`, `${variant.value.values[0]!}=1`),
    ),
    ...BROKEN_ESCAPES.map((variant) =>
      query(`query value of unknown name: ${variant.label}`, `fuzz=${variant.value.values[0]!}`),
    ),
    query('query: only separators', '&&&=&='),
    query(
      'query: prototype keys',
      '__proto__[polluted]=1&constructor[prototype][polluted]=1&toString=1',
    ),
    query('query: unknown parameter', 'unknownFuzzParam=1'),
    query('query: oversize', `q=${'x'.repeat(20_000)}`),
    query(
      'query: many parameters',
      Array.from({ length: 2_000 }, (_, i) => `p${i}=${i}`).join('&'),
    ),
    {
      label: `method: ${otherMethod} instead of ${operation.method}`,
      apply: (draft) => {
        draft.method = otherMethod;
      },
    },
    {
      label: 'path: upper case',
      apply: (draft) => {
        draft.path = draft.path.toUpperCase();
      },
    },
  ];
}

function headerMutations(): Mutation[] {
  const header = (label: string, name: string, value: string): Mutation => ({
    label,
    apply: (draft) => {
      draft.headers[name] = value;
    },
  });
  return [
    header('header: unknown currency', 'x-currency', 'XXX'),
    header('header: lower-case currency', 'x-currency', 'usd'),
    header('header: oversize language', 'x-language', 'e'.repeat(5_000)),
    header('header: accept XML only', 'accept', 'application/xml'),
    header('header: odd accept-encoding', 'accept-encoding', 'fuzz;q=2, *;q=0'),
    header('header: bogus request id', 'x-request-id', 'r'.repeat(2_000)),
    header('header: bogus origin', 'origin', 'http://evil.example'),
  ];
}

/** Every single-fault mutation of `operation`. */
function singleMutations(operation: FuzzOperation): Mutation[] {
  return [
    ...operation.parameters.flatMap(parameterMutations),
    ...(operation.body ? fieldMutations(operation, operation.body.schema, [], 0) : []),
    ...wholeBodyMutations(operation),
    ...urlMutations(operation),
    ...headerMutations(),
  ];
}

const requestKey = (request: FuzzRequest) =>
  JSON.stringify([
    request.method,
    request.url,
    request.headers,
    Buffer.isBuffer(request.payload) ? request.payload.toString('base64') : request.payload,
  ]);

/** The valid request every malformed one of `operation` starts from (for the generator's tests). */
export function baselineRequest(operation: FuzzOperation, seed: number): FuzzRequest {
  const random = new Random(seed).fork(operation.operationId);
  return render(operation, baselineDraft(operation, random), 'baseline');
}

/**
 * At least `options.minimum` distinct malformed requests for `operation`, the same on every run
 * (the operation id forks the seed, so adding an operation does not change the others).
 */
export function generateMalformedRequests(
  operation: FuzzOperation,
  options: GenerateOptions,
): FuzzRequest[] {
  const random = new Random(options.seed).fork(operation.operationId);
  const baseline = baselineDraft(operation, random);
  const mutations = singleMutations(operation);
  const requests = new Map<string, FuzzRequest>();
  const add = (applied: Mutation[]) => {
    const draft = structuredClone(baseline);
    for (const mutation of applied) mutation.apply(draft);
    const request = render(operation, draft, applied.map((mutation) => mutation.label).join(' + '));
    const key = requestKey(request);
    if (!requests.has(key)) requests.set(key, request);
  };
  for (const mutation of mutations) add([mutation]);
  for (
    let attempt = 0;
    requests.size < options.minimum && attempt < options.minimum * 20;
    attempt += 1
  ) {
    add(random.sample(mutations, random.int(2, 4)));
  }
  return [...requests.values()];
}

/**
 * The auth variants of the requests to a bearerAuth operation. With `signedToken` (a real
 * session) each request goes signed in, so malformed input reaches the handlers as an attacker
 * with an account sends it, and every other one again without a token or with a bogus one
 * (rotating through malformed token shapes). Without it, each goes without a token and with a
 * bogus one.
 */
export function withAuthVariants(
  operation: FuzzOperation,
  requests: FuzzRequest[],
  signedToken?: string,
): FuzzRequest[] {
  if (operation.auth === 'none') return requests;
  const authorized = (request: FuzzRequest, token: string, label: string): FuzzRequest => ({
    ...request,
    label: `${request.label} (${label})`,
    headers: { ...request.headers, 'x-authorization': token },
  });
  return requests.flatMap((request, index) => {
    const bogus = BOGUS_TOKENS[index % BOGUS_TOKENS.length]!;
    const unsigned = [request, authorized(request, bogus, `token: ${bogus.slice(0, 24)}`)];
    if (signedToken === undefined) return unsigned;
    const signed = authorized(request, `Bearer ${signedToken}`, 'signed in');
    return index % 2 === 0 ? [signed, unsigned[(index / 2) % 2]!] : [signed];
  });
}
