/** The same request, also aborted by `signal` (the caller's own signal keeps working). */
export function withExtraSignal(request: Request, signal: AbortSignal): Request {
  return new Request(request, { signal: AbortSignal.any([request.signal, signal]) });
}
