import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The file loadConfig keeps a generated SECRETS_KEY in, outside production. */
export const SECRETS_KEY_FILE = 'secrets-key';

/**
 * SECRETS_KEY when configured, else the one generated for this data directory (the same file loadConfig uses),
 * so that stored keys survive restarts of a server started without the setting (the embedded test server).
 */
export const secretsKeyFor = (dataDir: string, configured?: string): string => {
  if (configured) return configured;
  const file = path.join(dataDir, SECRETS_KEY_FILE);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32).toString('hex');
  writeFileSync(file, key, { mode: 0o600 });
  return key;
};
