/**
 * The messages between the API's thread and the embedded database's own thread (decision 076).
 * Only data crosses: statements, parameters and answers are structured-cloned, so options that
 * hold functions (a query's `parsers`) are applied on the API's side (see `pglite-thread.ts`).
 */

/** What the database's thread opens; sent as the worker's `workerData`. */
export interface PgliteThreadOpen {
  /** The PGlite data folder, or `memory://` for a throwaway database. */
  dataDir: string;
  /** A data-folder tarball to start from (tests clone one seeded database). */
  loadDataDir?: ArrayBuffer;
}

/** Types whose values the database's thread answers as PostgreSQL's text, unparsed. */
type TextTypes = readonly number[];

export type PgliteRequest =
  | {
      id: number;
      op: 'query';
      sql: string;
      params: readonly unknown[];
      rowMode: 'array' | 'object';
      textTypes: TextTypes;
      /** The transaction to run in (its `begin` request's id); none for the database itself. */
      tx?: number;
    }
  | { id: number; op: 'exec'; sql: string; textTypes: TextTypes; tx?: number }
  /** Starts a transaction; answered once it holds the database, with its id (this `id`). */
  | { id: number; op: 'begin' }
  /** Ends the transaction `tx`: commits it, or rolls it back. */
  | { id: number; op: 'end'; tx: number; commit: boolean }
  /** The data folder as a tarball (an ArrayBuffer, transferred). */
  | { id: number; op: 'dump'; compression: 'gzip' | 'none' }
  | { id: number; op: 'close' };

/** A PostgreSQL error's fields (code, detail, constraint...), as PGlite's `DatabaseError` has. */
export interface PgliteErrorFields {
  message: string;
  name: string;
  [field: string]: string | number | undefined;
}

/** The answer to the request `id`; id 0 answers the open itself. */
export type PgliteReply =
  { id: number; ok: true; value: unknown } | { id: number; ok: false; error: PgliteErrorFields };

/** The id the thread answers its open with. */
export const OPEN_REPLY_ID = 0;
