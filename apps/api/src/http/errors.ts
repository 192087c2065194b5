import type { components } from '@gallop/api-client';
import { CaptchaRequiredError, HttpError } from './http-error.ts';
import { keepConnectionAfterRefusedBody } from './request-limits.ts';
import { sqlStateOf } from '#src/db/sql-state.ts';
import { UnknownCurrencyError } from '#src/shared/money/rates.ts';
import { databaseUnreachableReason } from '#src/start-failure.ts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

type ErrorBody = components['schemas']['Error'];
type ValidationIssue = NonNullable<FastifyError['validation']>[number];

const INVALID_PART: Record<string, string> = {
  body: 'Invalid request body',
  querystring: 'Invalid query parameters',
  params: 'Invalid path parameters',
  headers: 'Invalid request headers',
};

/**
 * Validation issues reported at most: enough for any form, while a body of 100 000 wrong array
 * items no longer answers megabytes of errors (issue 43, finding 10).
 */
export const MAX_REPORTED_ISSUES = 50;

/** `/dates/0/start` -> `dates.0.start` (JSON pointer to a dotted field name). */
function fieldName(pointer: string): string {
  return pointer
    .split('/')
    .slice(1)
    .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))
    .join('.');
}

/** Groups validation messages by field, the shape of `errors` in the contract's `Error`. */
function validationDetails(
  issues: ValidationIssue[],
  context: string | undefined,
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    // `required` and `additionalProperties` point at the parent object: name the field itself.
    const missing = issue.keyword === 'required' ? issue.params['missingProperty'] : undefined;
    const unknown =
      issue.keyword === 'additionalProperties' ? issue.params['additionalProperty'] : undefined;
    const named = typeof missing === 'string' ? missing : unknown;
    const pointer =
      typeof named === 'string' ? `${issue.instancePath}/${named}` : issue.instancePath;
    const field = fieldName(pointer) || context || 'request';
    const message =
      typeof missing === 'string'
        ? 'is required'
        : typeof unknown === 'string'
          ? 'is not allowed'
          : (issue.message ?? 'is invalid');
    (errors[field] ??= []).push(message);
  }
  return errors;
}

/**
 * The SQLSTATE of a PostgreSQL "data exception" (class 22: a number out of range, text that is
 * not a valid integer or date, bytes that are not UTF-8 ...) behind `error`, drizzle's wrapper
 * or the driver's own error, else undefined.
 */
function databaseInputError(error: unknown): string | undefined {
  const code = sqlStateOf(error);
  return code?.startsWith('22') ? code : undefined;
}

/**
 * Whether PostgreSQL aborted the request's transaction to break a deadlock (`40P01`) or a
 * serialization conflict (`40001`): nothing was changed, and the same request a moment later
 * succeeds. Transactions that expect one retry it (`retryOnDeadlock`); one that outlasts its
 * retries reaches here.
 */
function isConcurrencyAbort(error: unknown): boolean {
  const code = sqlStateOf(error);
  return code === '40P01' || code === '40001';
}

/** A copy of `error` for the log: same type, message and fields, no stack. */
function withoutStack(error: FastifyError): FastifyError {
  const copy = Object.assign(Object.create(Object.getPrototypeOf(error) as object), error);
  Object.defineProperty(copy, 'message', { value: error.message, enumerable: false });
  return copy as FastifyError;
}

/** The one place that turns an error into a JSON answer; stack traces never reach clients. */
export function sendError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  if (error.validation) {
    const context = error.validationContext;
    const body: ErrorBody = {
      message: (context && INVALID_PART[context]) ?? 'Invalid request',
      errors: validationDetails(error.validation.slice(0, MAX_REPORTED_ISSUES), context),
    };
    return reply.code(400).send(body);
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    // Client errors come from Fastify (bad JSON, body too large, ...) or from our own code on
    // purpose, so their message is safe and useful to show. Expected, so logged without the
    // stack: every wrong password would otherwise add a trace to the log.
    request.log.info({ err: withoutStack(error) }, 'client error');
    keepConnectionAfterRefusedBody(error, request, reply);
    if (error instanceof CaptchaRequiredError) {
      return reply.code(429).send({ message: error.message, type: error.captcha });
    }
    const errors = error instanceof HttpError ? error.errors : undefined;
    return reply
      .code(status)
      .send({ message: error.message, ...(errors ? { errors } : {}) } satisfies ErrorBody);
  }
  const sqlState = status >= 500 ? databaseInputError(error) : undefined;
  if (sqlState) {
    // A value the contract let through and the database refused: the request's fault, but a
    // bound is missing somewhere (issue 43, finding 10), so it is logged for a fix.
    request.log.warn({ err: error, sqlState }, 'the database refused a value of the request');
    return reply.code(400).send({ message: 'Invalid request' } satisfies ErrorBody);
  }
  if (status >= 500 && isConcurrencyAbort(error)) {
    // Another request changed the same rows at the same moment and the database undid this
    // one whole (decision 180): a conflict the client retries, not a fault of the server.
    request.log.warn({ err: withoutStack(error) }, 'a transaction lost a race and was undone');
    return reply
      .code(409)
      .header('retry-after', '1')
      .send({
        message: 'This was changed at the same moment elsewhere; nothing was saved, try again',
      } satisfies ErrorBody);
  }
  if (error instanceof UnknownCurrencyError) {
    // A price stored in a currency no rate converts (an offer written by hand in SQL: the
    // database keeps rates in use, decision 171): nothing can show or charge it.
    request.log.warn({ currency: error.currency }, 'a price in a currency with no rate');
    return reply.code(422).send({ message: error.message } satisfies ErrorBody);
  }
  const unreachable = status >= 500 ? databaseUnreachableReason(error) : undefined;
  if (unreachable) {
    // The database is down or restarting: a passing state the client may retry, said in one
    // short line (no statement, no stack) per request.
    request.log.warn({ reason: unreachable }, 'the database is unreachable');
    return reply
      .code(503)
      .header('retry-after', '5')
      .send({
        message: 'The service is briefly unavailable; try again shortly',
      } satisfies ErrorBody);
  }
  request.log.error({ err: error }, 'unexpected error');
  return reply
    .code(status >= 500 && status < 600 ? status : 500)
    .send({ message: 'Internal Error' } satisfies ErrorBody);
}

/** JSON for unknown routes and every thrown error. */
export function answerErrorsAsJson(app: FastifyInstance): void {
  app.setNotFoundHandler(async (_request, reply) =>
    reply.code(404).send({ message: 'Not found' } satisfies ErrorBody),
  );
  app.setErrorHandler(sendError);
}
