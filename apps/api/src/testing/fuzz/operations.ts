import type { Contract } from '#src/contract.ts';
import { dereference, inlineSchema, type JsonSchema } from './schema.ts';

type ParameterLocation = 'query' | 'path' | 'header';

export interface FuzzParameter {
  name: string;
  in: ParameterLocation;
  required: boolean;
  schema: JsonSchema;
}

interface FuzzBody {
  required: boolean;
  /** The media types the contract accepts, the first one being the one the fuzzer malforms. */
  mediaTypes: string[];
  schema: JsonSchema;
}

/** One contract operation, flattened for request generation. */
export interface FuzzOperation {
  operationId: string;
  method: string;
  /** The path template, e.g. `/crm/api/payment/callback/{provider_id}`. */
  path: string;
  parameters: FuzzParameter[];
  body?: FuzzBody;
  /** `required`: bearerAuth only; `optional`: anonymous or bearer; `none`: public. */
  auth: 'none' | 'required' | 'optional';
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

interface RawParameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: JsonSchema;
}

interface RawOperation {
  operationId?: string;
  parameters?: (RawParameter | { $ref: string })[];
  requestBody?: {
    $ref?: string;
    required?: boolean;
    content?: Record<string, { schema?: JsonSchema }>;
  };
  security?: Record<string, string[]>[];
}

function authOf(security: Record<string, string[]>[] | undefined): FuzzOperation['auth'] {
  if (!security || security.length === 0) return 'none';
  const anonymousAllowed = security.some((requirement) => Object.keys(requirement).length === 0);
  return anonymousAllowed ? 'optional' : 'required';
}

/** Every operation of the contract with `$ref`s resolved, in document order. */
export function contractOperations(contract: Contract): FuzzOperation[] {
  const globalSecurity = contract['security'] as Record<string, string[]>[] | undefined;
  const operations: FuzzOperation[] = [];
  for (const [path, item] of Object.entries(contract.paths)) {
    const pathItem = item as Record<string, unknown> & { parameters?: RawOperation['parameters'] };
    for (const method of METHODS) {
      const operation = pathItem[method] as RawOperation | undefined;
      if (!operation?.operationId) continue;
      const parameters = [...(pathItem.parameters ?? []), ...(operation.parameters ?? [])]
        .map((parameter) => dereference(contract, parameter) as RawParameter)
        .filter((parameter): parameter is RawParameter & { in: ParameterLocation } =>
          ['query', 'path', 'header'].includes(parameter.in),
        )
        .map((parameter) => ({
          name: parameter.name,
          in: parameter.in,
          required: parameter.in === 'path' || parameter.required === true,
          schema: inlineSchema(contract, parameter.schema ?? {}),
        }));
      const requestBody = operation.requestBody && dereference(contract, operation.requestBody);
      const mediaTypes = Object.keys(requestBody?.content ?? {});
      const firstMedia = mediaTypes[0];
      operations.push({
        operationId: operation.operationId,
        method: method.toUpperCase(),
        path,
        parameters,
        ...(requestBody && firstMedia
          ? {
              body: {
                required: requestBody.required === true,
                mediaTypes,
                schema: inlineSchema(contract, requestBody.content?.[firstMedia]?.schema ?? {}),
              },
            }
          : {}),
        auth: authOf(operation.security ?? globalSecurity),
      });
    }
  }
  return operations;
}
