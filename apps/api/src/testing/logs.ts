import { Writable } from 'node:stream';

/** A pino destination that keeps every log line, parsed, for assertions. */
export function captureLogs() {
  const entries: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n')) {
        if (line.trim()) entries.push(JSON.parse(line) as Record<string, unknown>);
      }
      done();
    },
  });
  return { stream, entries };
}
