import { copyFileSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { open } from 'lmdb';
import { loadConfigOrExit } from './config/config.ts';
import { SECRETS_KEY_FILE } from './secrets/secrets-key.ts';

const USAGE = `Usage: npm run backup -- <target directory>

Copies the embedded data directory (DATA_DIR) while the server runs: each LMDB environment is copied inside
one read transaction (a consistent snapshot), the read models first and the event log second, so the copy's
read models are never ahead of its log (on restore, the projections catch up on whatever came in between).
The key that encrypts projects' Gemini keys is copied too. Restore: stop the server, replace DATA_DIR with
the copy, start it.`;

/** The read models before the log: restored, a read model is at or behind its log, never past it. */
const ENVIRONMENTS = ['read-models', 'events'] as const;

const { positionals, values } = parseArgs({ allowPositionals: true, options: { help: { type: 'boolean', short: 'h' } } });
const [target] = positionals;
if (values.help || !target) {
  console.log(USAGE);
  process.exit(values.help ? 0 : 1);
}

const config = loadConfigOrExit();
const source = path.resolve(config.DATA_DIR);
const destination = path.resolve(target);
if (existsSync(destination) && readdirSync(destination).length > 0) {
  console.error(`${destination} is not empty: back up into a new directory, so that no older copy is mixed in.`);
  process.exit(1);
}
for (const name of ENVIRONMENTS) {
  if (!existsSync(path.join(source, name))) {
    console.error(`${path.join(source, name)} does not exist: is DATA_DIR (${source}) the server's data directory?`);
    process.exit(1);
  }
}
mkdirSync(destination, { recursive: true });
for (const name of ENVIRONMENTS) {
  // Read-only, beside the running server: LMDB lets other processes read while one writes, and the copy is one read transaction.
  const environment = open({ path: path.join(source, name), readOnly: true });
  const started = Date.now();
  mkdirSync(path.join(destination, name), { recursive: true });
  await environment.backup(path.join(destination, name), false);
  await environment.close();
  console.log(`copied ${name} in ${Date.now() - started} ms`);
}
// The keys that open projects' Gemini keys and sign sessions, when the server keeps them in DATA_DIR.
for (const file of [SECRETS_KEY_FILE, 'session-secret']) {
  if (existsSync(path.join(source, file))) copyFileSync(path.join(source, file), path.join(destination, file));
}
console.log(`backup of ${source} written to ${destination}`);
