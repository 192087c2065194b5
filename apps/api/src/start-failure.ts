/**
 * One line for a start that failed: the cause first, for an operator reading the last line a
 * crash-looping container wrote. A database the API cannot reach is named with its host and
 * port (never the connection string: it may hold a password) and the reason; anything else keeps
 * its error (stack included, query parameters left out by the log) after the reason.
 */
import type { Env } from '#src/env.ts';

export interface StartFailure {
  message: string;
  /** The error itself, for the log's `err`, when its stack may help (not a connection failure). */
  err?: unknown;
}

/** Node's network errors while connecting, as an operator would say them. */
const NETWORK_REASONS: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host not found (DNS lookup failed)',
  ETIMEDOUT: 'connection timed out',
  ECONNRESET: 'connection reset',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
};

/**
 * The server's refusals of a connection (SQLSTATE): a wrong role or password (class 28), a
 * missing database, a server starting or shutting down, too many connections, a database closed
 * to connections. Their messages name the role or database, never a password.
 */
function isConnectionRefusal(code: string, message: string): boolean {
  if (code === '55000') return message.includes('not currently accepting connections');
  return (
    code.startsWith('28') ||
    code.startsWith('08') ||
    ['3D000', '57P01', '57P02', '57P03', '53300'].includes(code)
  );
}

/** The error and its causes (and an AggregateError's first error: one per address tried). */
function chainOf(error: unknown): Error[] {
  const chain: Error[] = [];
  let current = error;
  while (current instanceof Error && chain.length < 10) {
    chain.push(current);
    current = current.cause ?? (current instanceof AggregateError ? current.errors[0] : undefined);
  }
  return chain;
}

/** Why a connection to PostgreSQL failed, if that is what `error` (or a cause of it) says. */
function connectionReason(error: unknown): string | undefined {
  for (const link of chainOf(error)) {
    const { code, severity } = link as { code?: unknown; severity?: unknown };
    if (typeof code !== 'string') continue;
    if (NETWORK_REASONS[code]) return NETWORK_REASONS[code];
    // node-postgres' errors from the server carry a severity beside the SQLSTATE.
    if (typeof severity === 'string' && isConnectionRefusal(code, link.message))
      return link.message;
  }
  return undefined;
}

/**
 * node-postgres' own words for a connection lost or not made in time (they carry no code),
 * including a statement sent on a client whose connection was lost (a transaction's rollback
 * after the server dropped it: drizzle reports that failure, not the first).
 */
const LOST_CONNECTION =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error and is not queryable)/;

/**
 * Why PostgreSQL cannot be used right now, if a query's `error` says it was not reached (refused,
 * terminated by an administrator or a restart, lost, timed out), else undefined.
 */
export function databaseUnreachableReason(error: unknown): string | undefined {
  const reason = connectionReason(error);
  if (reason !== undefined) return reason;
  return chainOf(error).find((link) => LOST_CONNECTION.test(link.message))?.message;
}

/** `host:port` of a PostgreSQL URL (a Unix socket's folder when the host is one). */
function serverOf(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  const host = url.hostname || url.searchParams.get('host') || 'localhost';
  return `${host}:${url.port || '5432'}`;
}

export function describeStartFailure(error: unknown, env: Pick<Env, 'DATABASE_URL'>): StartFailure {
  const reason = env.DATABASE_URL ? connectionReason(error) : undefined;
  if (reason !== undefined) {
    return { message: `cannot connect to PostgreSQL at ${serverOf(env.DATABASE_URL!)}: ${reason}` };
  }
  const chain = chainOf(error);
  // The innermost error says why (a failed query's own message is the whole statement).
  const cause = chain.at(-1)?.message ?? String(error);
  return { message: `the API could not start: ${cause}`, err: error };
}
