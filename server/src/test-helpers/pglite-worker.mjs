// PGlite in a worker thread, for jest: jest's CommonJS sandbox cannot run PGlite's dynamic `import()`s
// (they need --experimental-vm-modules), a worker is plain Node. See pglite-proxy.ts for the other side.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

const options = workerData?.loadDataDir ? { loadDataDir: new Blob([workerData.loadDataDir]) } : {};
const ready = PGlite.create(options);

function errorFields(error) {
  const out = { message: error?.message ?? String(error) };
  for (const key of ['code', 'detail', 'constraint', 'table', 'column', 'severity', 'schema']) {
    if (error && error[key] !== undefined) out[key] = error[key];
  }
  return out;
}

parentPort.on('message', async ({ id, op, sql, params }) => {
  try {
    const pglite = await ready;
    let result;
    if (op === 'query') {
      const r = await pglite.query(sql, params);
      result = { rows: r.rows, affectedRows: r.affectedRows, command: r.command };
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
      throw new Error(`pglite-worker: unknown op ${op}`);
    }
    parentPort.postMessage({ id, ok: true, result });
  } catch (error) {
    parentPort.postMessage({ id, ok: false, error: errorFields(error) });
  }
});
