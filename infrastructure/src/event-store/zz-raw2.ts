import { open } from 'lmdb';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
const mode = process.argv[2]!;
const path = mkdtempSync(join(tmpdir(), 'raw-'));
const db = open({ path, overlappingSync: false, pageSize: Number(process.env.PAGE ?? 4096) });
const events = db.openDB<string, number>('events', { encoding: 'string' });
const streams = db.openDB<number, any>('streams', {});
const ids = db.openDB<any, any>('ids', {});
let n = 0;
const deadline = performance.now() + 3000;
const t0 = performance.now();
let next = 1;
let cbTime = 0;
const txnIds = new Set<number>();
import { readFileSync } from 'node:fs';
const wb = () => Number(/write_bytes: (\d+)/.exec(readFileSync('/proc/self/io','utf8'))![1]);
const wb0 = wb();
const writer = async (w: number) => {
  let rev = 0;
  while (performance.now() < deadline) {
    await db.transaction(() => {
      const c0 = performance.now();
      txnIds.add(db.getWriteTxnId());
      if (mode.includes('reads')) {
        for (const k of events.getKeys({ reverse: true, limit: 1 })) {}
        for (const k of streams.getRange({ start: ['s' + w, Number.MAX_SAFE_INTEGER], end: ['s' + w, -1], reverse: true, limit: 1 })) {}
      }
      if (mode.includes('gets')) { streams.get(['s' + w]); ids.get(['s' + w, crypto.randomUUID()]); }
      const p = next++;
      events.put(p, 'x'.repeat(250));
      if (mode.includes('streams')) streams.put(['s' + w, rev], p);
      if (mode.includes('ids')) ids.put(['s' + w, crypto.randomUUID()], [rev, p]);
      if (mode.includes('heads')) streams.put(['s' + w], rev);
      rev++;
      cbTime += performance.now() - c0;
    });
    n++;
  }
};
await Promise.all(Array.from({ length: 64 }, (_, w) => writer(w)));
const s = (performance.now() - t0) / 1000;
console.log(mode, 'txns', txnIds.size, 'KB/txn', Math.round((wb()-wb0)/txnIds.size/1024), 'ev/txn', Math.round(n/txnIds.size), Math.round(n / s), 'acks/s', 'callback us/append', (cbTime / n * 1000).toFixed(1));
await db.close(); rmSync(path, { recursive: true, force: true });
