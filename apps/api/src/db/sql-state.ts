/**
 * The SQLSTATE of a PostgreSQL error behind `error`: the error itself or the causes drizzle wraps
 * the driver's error in (a few levels at most). Undefined when there is none (a network error's
 * `ECONNRESET` is not one: SQLSTATEs are five characters).
 */
export function sqlStateOf(error: unknown): string | undefined {
  for (let cause = error, depth = 0; cause && depth < 5; depth += 1) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    cause = (cause as { cause?: unknown }).cause;
  }
  return undefined;
}
