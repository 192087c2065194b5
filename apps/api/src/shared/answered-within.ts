/**
 * `work`'s answer, or a rejection with `late()`'s error once `ms` have passed without one: for
 * calls whose own client has no time limit (a database or a Redis that takes packets and never
 * answers). The work itself goes on; its later failure is caught here, so it is never unhandled.
 */
export function answeredWithin<T>(
  work: Promise<T>,
  ms: number,
  late: () => Error = () => new Error(`no answer within ${ms} ms`),
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(late()), ms);
  });
  work.catch(() => {});
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
