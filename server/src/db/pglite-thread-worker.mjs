// The embedded database's thread: PGlite (PostgreSQL compiled to WebAssembly) runs here, beside the server's
// event loop, so that the database's CPU time is not taken from the requests' (on the 2-core machines Tessera
// runs on, PGlite was about 40% of the server's busy time under load). See pglite-thread.ts for the other side.
// Plain JavaScript on purpose: a worker is plain Node (jest's CommonJS sandbox cannot run PGlite's dynamic
// `import()`s either, so the tests use this same thread).
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

const options = {};
if (workerData?.dataDir) options.dataDir = workerData.dataDir;
if (workerData?.loadDataDir) options.loadDataDir = new Blob([workerData.loadDataDir]);
const ready = PGlite.create(options);
// An opening failure (a data directory PGlite cannot read) is answered to every call; it must not end the thread.
ready.catch(() => {});

function errorFields(error) {
  const out = { message: error?.message ?? String(error) };
  for (const key of ['code', 'detail', 'constraint', 'table', 'column', 'severity', 'schema', 'statementIndex']) {
    if (error && error[key] !== undefined) out[key] = error[key];
  }
  return out;
}

parentPort.on('message', async ({ id, op, sql, params, statements }) => {
  try {
    const pglite = await ready;
    let result;
    if (op === 'query') {
      const r = await pglite.query(sql, params);
      result = { rows: r.rows, affectedRows: r.affectedRows, command: r.command };
    } else if (op === 'transaction') {
      // A whole transaction in one message: its statements run here one after the other, inside PGlite's transaction
      // (which holds back every other call until it ends), with no round trip through the server's event loop between
      // them. A failing statement rolls it back; its index goes with the error.
      const results = [];
      await pglite.transaction(async (tx) => {
        for (const [index, statement] of statements.entries()) {
          try {
            const r = await tx.query(statement.sql, statement.params);
            results.push({ rows: r.rows, affectedRows: r.affectedRows, command: r.command });
          } catch (error) {
            if (error && typeof error === 'object') error.statementIndex = index;
            throw error;
          }
        }
      });
      result = results;
    } else if (op === 'exec') {
      await pglite.exec(sql);
      result = null;
    } else if (op === 'dump') {
      const blob = await pglite.dumpDataDir('none');
      result = new Uint8Array(await blob.arrayBuffer());
    } else if (op === 'close') {
      await pglite.close();
      result = null;
    } else {
      throw new Error(`pglite-thread: unknown op ${op}`);
    }
    parentPort.postMessage({ id, ok: true, result });
  } catch (error) {
    parentPort.postMessage({ id, ok: false, error: errorFields(error) });
  }
});
