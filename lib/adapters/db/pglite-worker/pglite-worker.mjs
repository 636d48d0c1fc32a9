// PGlite in a worker thread, so the embedded database's work (Postgres compiled to WebAssembly)
// runs beside the server's JavaScript thread, not on it. Plain .mjs on purpose, like the speech
// worker: Next bundles route code, so lib/adapters/db/pglite-thread.ts loads this file from disk at run time.
//
// Messages in:  { id, op: 'query', sql, params, rowMode, rawTypes, tx? } | { id, op: 'exec', sql }
//               | { id, op: 'begin', tx } | { id, op: 'commit', tx } | { id, op: 'rollback', tx }
//               | { id, op: 'close' }
// Messages out: { id, ok: true, result } | { id, ok: false, error: { message, ...fields } }
import { readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

const port = parentPort;
if (!port) throw new Error('pglite-worker.mjs must run in a worker thread');

const client = workerData?.from
  ? new PGlite({
      dataDir: workerData.dataDir ?? undefined,
      loadDataDir: new Blob([readFileSync(workerData.from)]),
    })
  : new PGlite(workerData?.dataDir ?? undefined);

/** Open transactions by id: PGlite's own transaction, held open until commit or rollback. */
const transactions = new Map();

/** Types the caller wants as the server's text (drizzle maps dates itself): identity parsers. */
function parsersFor(rawTypes) {
  if (!rawTypes || rawTypes.length === 0) return undefined;
  return Object.fromEntries(rawTypes.map((oid) => [oid, (value) => value]));
}

/** The fields of a PGlite DatabaseError (code, constraint, detail …) survive the thread hop. */
function serializeError(error) {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === undefined || typeof value === 'function' || typeof value === 'object') continue;
    fields[key] = value;
  }
  return { ...fields, name: error.name, message: error.message };
}

function begin(tx) {
  return new Promise((begun, failed) => {
    const entry = {};
    entry.done = client
      .transaction(
        (handle) =>
          new Promise((commit, rollback) => {
            Object.assign(entry, { handle, commit, rollback });
            transactions.set(tx, entry);
            begun();
          }),
      )
      .finally(() => transactions.delete(tx));
    // BEGIN itself failed: the callback never ran.
    entry.done.catch(failed);
  });
}

async function handle(message) {
  switch (message.op) {
    case 'query': {
      const target = message.tx === undefined ? client : transactions.get(message.tx)?.handle;
      if (!target) throw new Error(`transaction ${message.tx} is not open`);
      const result = await target.query(message.sql, message.params, {
        rowMode: message.rowMode,
        parsers: parsersFor(message.rawTypes),
      });
      return { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows };
    }
    case 'exec':
      await client.exec(message.sql);
      return null;
    case 'begin':
      await begin(message.tx);
      return null;
    case 'commit': {
      const entry = transactions.get(message.tx);
      if (!entry) throw new Error(`transaction ${message.tx} is not open`);
      entry.commit();
      await entry.done;
      return null;
    }
    case 'rollback': {
      const entry = transactions.get(message.tx);
      if (!entry) return null;
      entry.rollback(new Error('rolled back by the caller'));
      await entry.done.catch(() => {});
      return null;
    }
    case 'close':
      await client.close();
      return null;
    default:
      throw new Error(`unknown operation ${message.op}`);
  }
}

port.on('message', (message) => {
  handle(message).then(
    (result) => port.postMessage({ id: message.id, ok: true, result }),
    (error) => port.postMessage({ id: message.id, ok: false, error: serializeError(error) }),
  );
});

await client.waitReady;
port.postMessage({ ready: true });
