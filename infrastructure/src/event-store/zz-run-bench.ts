import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchmarkAppends } from './bench-appends.ts';
const base = process.argv[2] ?? tmpdir();
for (let i = 0; i < 3; i++) {
  const path = mkdtempSync(join(base, 'bench-'));
  console.log(await benchmarkAppends({ path, durationMs: 3000, writers: Number(process.argv[3] ?? 64) }));
  rmSync(path, { recursive: true, force: true });
}
