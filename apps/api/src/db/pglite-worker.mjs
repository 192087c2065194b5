// @ts-check
/**
 * The embedded database's own thread (decision 076): PGlite runs PostgreSQL in WebAssembly on
 * the thread that calls it, so here it opens its folder and runs statements while the API's
 * thread loads modules, builds the app and answers HTTP. `pglite-thread.ts` is the other side.
 *
 * JavaScript checked by TypeScript (JSDoc), not TypeScript: it runs unbundled from `src/` in
 * tests and `tsx`, and Node 20 cannot load TypeScript into a worker thread there.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/** @typedef {import('@electric-sql/pglite').Transaction} Transaction */
/** @typedef {import('./pglite-protocol.ts').PgliteRequest} PgliteRequest */
/** @typedef {import('./pglite-protocol.ts').PgliteReply} PgliteReply */
/** @typedef {import('./pglite-protocol.ts').PgliteErrorFields} PgliteErrorFields */
/** @typedef {import('./pglite-protocol.ts').PgliteThreadOpen} PgliteThreadOpen */

/** The id the open is answered with (`OPEN_REPLY_ID` in pglite-protocol.ts). */
const OPEN_REPLY_ID = 0;

const port = parentPort;
if (!port) throw new Error('pglite-worker.mjs runs as a worker thread (see pglite-thread.ts)');

const { dataDir, loadDataDir } = /** @type {PgliteThreadOpen} */ (workerData);
const opening = PGlite.create({
  dataDir,
  extensions: { pg_trgm, cube, earthdistance },
  ...(loadDataDir ? { loadDataDir: new Blob([loadDataDir]) } : {}),
});

/** Thrown into a transaction's callback to make PGlite roll it back. */
class RollbackRequested extends Error {}

/**
 * @typedef {object} OpenTransaction
 * @property {Transaction} tx
 * @property {(commit: boolean) => void} end
 * @property {Promise<unknown>} settled PGlite's `transaction()`: settles after COMMIT or ROLLBACK.
 */

/** @type {Map<number, OpenTransaction>} */
const transactions = new Map();

opening.then(
  () => reply({ id: OPEN_REPLY_ID, ok: true, value: null }),
  (error) => reply({ id: OPEN_REPLY_ID, ok: false, error: errorFields(error) }),
);

port.on('message', (/** @type {PgliteRequest} */ request) => {
  void answer(request);
});

/**
 * @param {PgliteReply} message
 * @param {ArrayBuffer[]} [transfer]
 */
function reply(message, transfer = []) {
  port?.postMessage(message, transfer);
}

/** @param {PgliteRequest} request */
async function answer(request) {
  try {
    const value = await run(await opening, request);
    reply({ id: request.id, ok: true, value }, value instanceof ArrayBuffer ? [value] : []);
  } catch (error) {
    reply({ id: request.id, ok: false, error: errorFields(error) });
  }
}

/**
 * @param {PGlite} db
 * @param {PgliteRequest} request
 * @returns {Promise<unknown>}
 */
async function run(db, request) {
  switch (request.op) {
    case 'query':
      return runner(db, request.tx).query(request.sql, [...request.params], {
        rowMode: request.rowMode,
        parsers: keptAsText(request.textTypes),
      });
    case 'exec':
      return runner(db, request.tx).exec(request.sql, { parsers: keptAsText(request.textTypes) });
    case 'begin':
      return begin(db, request.id);
    case 'end':
      return end(request.tx, request.commit);
    case 'dump': {
      const blob = await db.dumpDataDir(request.compression);
      return blob.arrayBuffer();
    }
    case 'close':
      await db.close();
      return null;
  }
}

/**
 * The database itself, or the open transaction `tx`.
 * @param {PGlite} db
 * @param {number | undefined} tx
 * @returns {Pick<Transaction, 'query' | 'exec'>}
 */
function runner(db, tx) {
  if (tx === undefined) return db;
  const open = transactions.get(tx);
  if (!open) throw new Error(`transaction ${tx} has ended`);
  return open.tx;
}

/**
 * Resolves with the transaction's id once it holds the database (after its BEGIN).
 * @param {PGlite} db
 * @param {number} id
 * @returns {Promise<number>}
 */
function begin(db, id) {
  return new Promise((entered, failed) => {
    const settled = db.transaction(
      (tx) =>
        new Promise((commit, rollBack) => {
          transactions.set(id, {
            tx,
            end: (shouldCommit) =>
              shouldCommit ? commit(undefined) : rollBack(new RollbackRequested()),
            settled,
          });
          entered(id);
        }),
    );
    // Before the callback ran (the database closed): the begin fails. After: `end` reports it.
    settled.catch(failed);
  });
}

/**
 * Commits or rolls back the transaction `tx`; resolves once PGlite has.
 * @param {number} tx
 * @param {boolean} commit
 */
async function end(tx, commit) {
  const open = transactions.get(tx);
  if (!open) throw new Error(`transaction ${tx} has ended`);
  transactions.delete(tx);
  open.end(commit);
  try {
    await open.settled;
  } catch (error) {
    if (!(error instanceof RollbackRequested)) throw error;
  }
  return null;
}

/**
 * PGlite leaves these types' values as the text PostgreSQL sent (the caller parses them).
 * @param {readonly number[]} types
 * @returns {Record<number, (value: string) => string> | undefined}
 */
function keptAsText(types) {
  if (types.length === 0) return undefined;
  return Object.fromEntries(types.map((type) => [type, (/** @type {string} */ value) => value]));
}

/**
 * An error's message and PostgreSQL fields (code, detail, constraint...), clonable.
 * @param {unknown} error
 * @returns {PgliteErrorFields}
 */
function errorFields(error) {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  /** @type {PgliteErrorFields} */
  const fields = { name: error.name, message: error.message };
  for (const [key, value] of Object.entries(error)) {
    if (typeof value === 'string' || typeof value === 'number') fields[key] = value;
  }
  return fields;
}
