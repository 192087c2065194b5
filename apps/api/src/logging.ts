/**
 * The API's log: pino's JSON lines on stdout, one object a line, from the app and from the
 * process around it (the cluster's primary, a start that fails before any app could log).
 */
import Fastify, { type FastifyBaseLogger, type FastifyServerOptions } from 'fastify';
import { withoutQueryParams } from '#src/db/query-errors.ts';
import type { Env } from '#src/env.ts';

type LogOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

/**
 * The options of every API log. A logged error (`{ err }`, or the error itself) loses the
 * parameters of a failed query first: they hold e-mail addresses and secrets.
 */
export function logOptions(level: Env['LOG_LEVEL'], stream?: NodeJS.WritableStream): LogOptions {
  return {
    level,
    ...(stream ? { stream } : {}),
    hooks: {
      logMethod(args, method) {
        const [first] = args as unknown[];
        if (first instanceof Error) {
          args[0] = withoutQueryParams(first);
        } else if (typeof first === 'object' && first !== null && 'err' in first) {
          const err = withoutQueryParams(first.err);
          if (err !== first.err) args[0] = { ...first, err };
        }
        return method.apply(this, args);
      },
    },
  };
}

/**
 * The log of a process that serves nothing itself (the cluster's primary) or has no app yet: the
 * same pino Fastify gives the app (bundled with it, decision 076). No server is created until
 * `listen`, which this instance never calls.
 */
export function processLog(level: Env['LOG_LEVEL']): FastifyBaseLogger {
  return Fastify({ logger: logOptions(level) }).log;
}
