/**
 * The embedded database on a thread of its own (decision 076). PGlite runs PostgreSQL in
 * WebAssembly on whichever thread calls it: opening a folder (about half a second) and every
 * statement used to run on the API's only thread, one after the other with loading the modules,
 * building the app and answering HTTP. `PgliteThread` opens PGlite in a worker
 * (`pglite-worker.mjs`) and offers the part of PGlite's interface drizzle and this API use:
 * `query`, `exec`, `transaction`, `dumpDataDir` and `close`.
 *
 * Statements queue behind one another in PGlite as before, transactions included: a statement
 * outside a transaction waits while one is open, just as on PGlite itself.
 */
import { Worker } from 'node:worker_threads';
import type { Results } from '@electric-sql/pglite';
import {
  OPEN_REPLY_ID,
  type PgliteErrorFields,
  type PgliteReply,
  type PgliteRequest,
  type PgliteThreadOpen,
} from './pglite-protocol.ts';

type Parser = (value: string, type: number) => unknown;

/** The query options that can cross to the database's thread (PGlite's `QueryOptions` subset). */
export interface ThreadQueryOptions {
  rowMode?: 'array' | 'object';
  /** Per type OID; applied on this side to the text the database sent. */
  parsers?: Record<number, Parser>;
}

export interface ThreadTransaction {
  query<Row>(sql: string, params?: unknown[], options?: ThreadQueryOptions): Promise<Results<Row>>;
  exec(sql: string, options?: ThreadQueryOptions): Promise<Results[]>;
  rollback(): Promise<void>;
  readonly closed: boolean;
}

export interface PgliteThreadOptions {
  dataDir: string;
  loadDataDir?: Blob;
}

/** Distributive, so each request keeps its own fields. */
type NewRequest = PgliteRequest extends infer Request
  ? Request extends PgliteRequest
    ? Omit<Request, 'id'>
    : never
  : never;

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

export class PgliteThread {
  /** Resolves once the database is open (rejects if it cannot be). */
  readonly waitReady: Promise<void>;
  #ready = false;
  #closed = false;
  readonly #worker: Worker;
  readonly #pending = new Map<number, Pending>();
  #nextId = OPEN_REPLY_ID + 1;

  private constructor(open: PgliteThreadOpen) {
    this.#worker = new Worker(WORKER_URL, {
      workerData: open,
      transferList: open.loadDataDir ? [open.loadDataDir] : [],
    });
    this.waitReady = new Promise<unknown>((resolve, reject) => {
      this.#track(OPEN_REPLY_ID, { resolve, reject });
    }).then(() => {
      this.#ready = true;
    });
    // Whoever awaits it (or a statement) sees a failed open; it is not an unhandled rejection.
    this.waitReady.catch(() => {});
    this.#worker.on('message', (reply: PgliteReply) => this.#settle(reply));
    this.#worker.on('error', (error) => this.#stop(error));
    this.#worker.on('exit', (code) =>
      this.#stop(new Error(`the database thread exited (${code})`)),
    );
  }

  /** Starts opening `dataDir` on a new thread; await `waitReady` (or any query) for the open. */
  static async start(options: PgliteThreadOptions): Promise<PgliteThread> {
    const loadDataDir = options.loadDataDir ? await options.loadDataDir.arrayBuffer() : undefined;
    return new PgliteThread({ dataDir: options.dataDir, ...(loadDataDir ? { loadDataDir } : {}) });
  }

  get ready(): boolean {
    return this.#ready;
  }

  get closed(): boolean {
    return this.#closed;
  }

  query<Row>(sql: string, params: unknown[] = [], options: ThreadQueryOptions = {}) {
    return queryOn<Row>(this, undefined, sql, params, options);
  }

  exec(sql: string, options: ThreadQueryOptions = {}) {
    return execOn(this, undefined, sql, options);
  }

  /**
   * Runs `callback` in a transaction: committed when it resolves, rolled back when it throws
   * (and the error rethrown) or when it called `rollback()`.
   */
  async transaction<T>(callback: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    const id = (await this.request({ op: 'begin' })) as number;
    let ended = false;
    const endWith = async (commit: boolean) => {
      if (ended) return;
      ended = true;
      await this.request({ op: 'end', tx: id, commit });
    };
    const tx: ThreadTransaction = {
      query: (sql, params = [], options = {}) => queryOn(this, id, sql, params, options),
      exec: (sql, options = {}) => execOn(this, id, sql, options),
      rollback: () => endWith(false),
      get closed() {
        return ended;
      },
    };
    let value: T;
    try {
      value = await callback(tx);
    } catch (error) {
      await endWith(false).catch(() => {});
      throw error;
    }
    await endWith(true);
    return value;
  }

  async dumpDataDir(compression: 'gzip' | 'none' = 'gzip'): Promise<Blob> {
    const tarball = (await this.request({ op: 'dump', compression })) as ArrayBuffer;
    return new Blob([tarball], { type: compression === 'gzip' ? 'application/x-gzip' : '' });
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    try {
      await this.request({ op: 'close' });
    } finally {
      this.#closed = true;
      await this.#worker.terminate();
    }
  }

  /** Sends one request to the database's thread; resolves with its answer. */
  request(request: NewRequest): Promise<unknown> {
    if (this.#closed) return Promise.reject(new Error('the database is closed'));
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#track(id, { resolve, reject });
      this.#worker.postMessage({ ...request, id } as PgliteRequest);
    });
  }

  /** The thread keeps the process alive only while an answer is awaited (as a socket would). */
  #track(id: number, pending: Pending): void {
    if (this.#pending.size === 0) this.#worker.ref();
    this.#pending.set(id, pending);
  }

  #settle(reply: PgliteReply): void {
    const pending = this.#pending.get(reply.id);
    if (!pending) return;
    this.#pending.delete(reply.id);
    if (this.#pending.size === 0) this.#worker.unref();
    if (reply.ok) pending.resolve(reply.value);
    else pending.reject(databaseError(reply.error));
  }

  #stop(cause: Error): void {
    this.#closed = true;
    for (const pending of this.#pending.values()) pending.reject(cause);
    this.#pending.clear();
  }
}

async function queryOn<Row>(
  thread: PgliteThread,
  tx: number | undefined,
  sql: string,
  params: unknown[],
  { rowMode = 'object', parsers }: ThreadQueryOptions,
): Promise<Results<Row>> {
  const results = (await thread.request({
    op: 'query',
    sql,
    params,
    rowMode,
    textTypes: typesOf(parsers),
    ...(tx === undefined ? {} : { tx }),
  })) as Results<Row>;
  return parsers ? parseText(results, parsers, rowMode) : results;
}

async function execOn(
  thread: PgliteThread,
  tx: number | undefined,
  sql: string,
  { parsers }: ThreadQueryOptions,
): Promise<Results[]> {
  const results = (await thread.request({
    op: 'exec',
    sql,
    textTypes: typesOf(parsers),
    ...(tx === undefined ? {} : { tx }),
  })) as Results[];
  return parsers ? results.map((result) => parseText(result, parsers, 'object')) : results;
}

function typesOf(parsers: Record<number, Parser> | undefined): number[] {
  return parsers ? Object.keys(parsers).map(Number) : [];
}

/**
 * Applies the caller's parsers to the values the database's thread kept as text, as PGlite
 * would have: per column of a parsed type, never to null.
 */
function parseText<Row>(
  results: Results<Row>,
  parsers: Record<number, Parser>,
  rowMode: 'array' | 'object',
): Results<Row> {
  const columns: { key: number | string; type: number; parse: Parser }[] = [];
  results.fields.forEach((field, index) => {
    const parse = parsers[field.dataTypeID];
    if (!parse) return;
    // In object mode a repeated name holds the last such column's value, as in PGlite.
    const key = rowMode === 'array' ? index : field.name;
    const existing = columns.findIndex((column) => column.key === key);
    if (existing >= 0) columns.splice(existing, 1);
    columns.push({ key, type: field.dataTypeID, parse });
  });
  if (columns.length === 0) return results;
  for (const row of results.rows as Record<number | string, unknown>[]) {
    for (const { key, type, parse } of columns) {
      const value = row[key];
      if (typeof value === 'string') row[key] = parse(value, type);
    }
  }
  return results;
}

/** A PostgreSQL error with its fields (code, detail...) as PGlite's `DatabaseError` has them. */
function databaseError(fields: PgliteErrorFields): Error {
  const error = new Error(fields.message);
  Object.assign(error, fields);
  return error;
}

/**
 * The worker's module, plain JavaScript next to this one: copied next to the bundle by the build
 * (`dist/pglite-worker.mjs`), loaded as it is from `src/` (tests, tsx).
 */
const WORKER_URL = new URL('./pglite-worker.mjs', import.meta.url);
