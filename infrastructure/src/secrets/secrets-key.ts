import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The file loadConfig keeps a generated SECRETS_KEY in, outside production. */
export const SECRETS_KEY_FILE = 'secrets-key';
/** The file loadConfig keeps a generated OPS_TOKEN in, outside production: the CLIs beside the server read it there. */
export const OPS_TOKEN_FILE = 'ops-token';

/**
 * A secret kept in the data directory: the one generated there before, else a new one (32 random bytes as hex),
 * written readable by its owner only. Outside production this is how a setting nobody configured stays the same
 * across restarts, and the same for every process (server, CLIs) on that directory.
 */
export const generatedSecret = (dataDir: string, name: string): string => {
  const file = path.join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
};

/**
 * SECRETS_KEY when configured, else the one generated for this data directory (the same file loadConfig uses),
 * so that stored keys survive restarts of a server started without the setting (the embedded test server).
 */
export const secretsKeyFor = (dataDir: string, configured?: string): string => configured || generatedSecret(dataDir, SECRETS_KEY_FILE);

/**
 * OPS_TOKEN when configured, else the one generated for this data directory (the same file loadConfig uses):
 * without a token nobody is an operator by token, so a server started without the setting still has one, which
 * `npm run projections`, `npm run coupons` and the others find beside it.
 */
export const opsTokenFor = (dataDir: string, configured?: string): string => configured || generatedSecret(dataDir, OPS_TOKEN_FILE);
