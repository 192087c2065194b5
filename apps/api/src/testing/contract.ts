import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { loadContract, type OperationId } from '#src/contract.ts';

/** What the checks need from a response, from `app.inject` or from `fetch` (see `fromFetch`). */
export interface CheckedResponse {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}

const CONTRACT_ID = 'https://gallop.local/openapi.json';
const contract = loadContract();
// OpenAPI documents carry keywords JSON Schema does not know (openapi, paths, discriminator,
// example ...), so strict mode is off; formats are still checked.
const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats(ajv);
ajv.addSchema({ ...contract, $id: CONTRACT_ID });

const compiled = new Map<string, ValidateFunction>();

function validatorFor(pointer: string): ValidateFunction {
  let validate = compiled.get(pointer);
  if (!validate) {
    validate = ajv.compile({ $ref: `${CONTRACT_ID}#${pointer}` });
    compiled.set(pointer, validate);
  }
  return validate;
}

const escape = (part: string) => part.replaceAll('~', '~0').replaceAll('/', '~1');

interface ContractOperation {
  operationId?: string;
  responses?: Record<string, unknown>;
}

/** The operation `operationId` and its JSON pointer in the contract, e.g. `/paths/~1health/get`. */
function findOperation(operationId: OperationId) {
  for (const [path, item] of Object.entries(contract.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if ((operation as ContractOperation | null)?.operationId === operationId) {
        return {
          pointer: `/paths/${escape(path)}/${method}`,
          operation: operation as ContractOperation,
        };
      }
    }
  }
  throw new Error(`The contract has no operation ${operationId}`);
}

function parseJson(response: CheckedResponse): unknown {
  const type = String(response.headers['content-type'] ?? '');
  if (!type.startsWith('application/json')) {
    throw new Error(`Expected a JSON answer, got content-type "${type}"`);
  }
  return JSON.parse(response.body);
}

function check(validate: ValidateFunction, body: unknown, what: string): void {
  if (!validate(body)) {
    throw new Error(
      `${what} does not match the contract: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(body)}`,
    );
  }
}

/**
 * Asserts that the response is one the contract declares for `operationId` (its status, JSON
 * content type and schema) and returns the parsed body.
 */
export function expectContractResponse(
  response: CheckedResponse,
  operationId: OperationId,
): unknown {
  const {
    pointer: operation,
    operation: { responses = {} },
  } = findOperation(operationId);
  const status = String(response.statusCode);
  const declared = [status, `${status[0]}XX`, 'default'].find((key) => key in responses);
  if (!declared) {
    throw new Error(`${operationId} declares no response for status ${status}`);
  }
  const body = parseJson(response);
  // Shared responses are `$ref`s to `#/components/responses/...`: follow them to the schema.
  const declaredResponse = responses[declared] as { $ref?: string } | undefined;
  const responsePointer = declaredResponse?.$ref?.startsWith('#/')
    ? declaredResponse.$ref.slice(1)
    : `${operation}/responses/${declared}`;
  const pointer = `${responsePointer}/content/application~1json/schema`;
  check(validatorFor(pointer), body, `${operationId} ${status}`);
  return body;
}

/** Asserts a JSON body matches `components/schemas/<name>` (for answers outside any operation). */
export function expectContractSchema(response: CheckedResponse, name: string): unknown {
  const body = parseJson(response);
  check(validatorFor(`/components/schemas/${escape(name)}`), body, `Schema ${name}`);
  return body;
}

export async function fromFetch(response: Response): Promise<CheckedResponse> {
  return {
    statusCode: response.status,
    headers: Object.fromEntries(response.headers),
    body: await response.text(),
  };
}
