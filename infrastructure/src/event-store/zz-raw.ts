import { open } from 'lmdb';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
const mode = process.argv[2]!;
const path = mkdtempSync(join(tmpdir(), 'raw-'));
const db = open({ path, overlappingSync: mode.includes('overlap') });
const events = db.openDB<string, number>('events', { encoding: 'string' });
let n = 0; let txns = 0;
const deadline = performance.now() + 3000;
const t0 = performance.now();
let next = 1;
const writer = async () => {
  while (performance.now() < deadline) {
    if (mode.startsWith('put')) { await events.put(next++, 'x'.repeat(150)); }
    else { await db.transaction(() => { events.put(next++, 'x'.repeat(150)); }); }
    if (mode.includes('flushed')) await db.flushed;
    n++;
  }
};
await Promise.all(Array.from({ length: 64 }, writer));
const s = (performance.now() - t0) / 1000;
console.log(mode, Math.round(n / s), 'acks/s', 'stat', JSON.stringify(db.getStats()).slice(0, 0));
await db.close(); rmSync(path, { recursive: true, force: true });
