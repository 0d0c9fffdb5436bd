import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const port = z.coerce.number().int().min(0).max(65_535);
const optionalUrl = z
  .string()
  .trim()
  .transform((value) => value || undefined)
  .pipe(z.url().optional())
  .optional();

/**
 * Every setting the services read, with its default. `.env.example` documents the same list; a test keeps
 * the two in step.
 */
export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: port.default(3000),
  DATA_DIR: z.string().default('./data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  EVENTSTORE_URL: optionalUrl,
  MONGODB_URL: optionalUrl,
  MONGODB_DATABASE: z.string().default('viral_idea_studio'),
  READ_YOUR_WRITES_TIMEOUT_MS: z.coerce.number().int().min(0).max(30_000).default(2000),
  WEB_DIST_DIR: z.string().default('./web/dist'),
  OPS_TOKEN: z
    .string()
    .trim()
    .transform((value) => value || undefined)
    .pipe(z.string().min(16, 'must be at least 16 characters').optional())
    .optional(),
});

export type Config = z.infer<typeof configSchema> & { SESSION_SECRET: string };

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/**
 * Reads the environment (and `.env` when present) once at start. A wrong value stops the process with a
 * message naming the variable, rather than surfacing later as a confusing runtime failure.
 */
export const loadConfig = (env: NodeJS.ProcessEnv = process.env, { envFile = '.env' } = {}): Config => {
  if (envFile && env === process.env && existsSync(envFile)) process.loadEnvFile(envFile);
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  }
  const config = parsed.data;
  if (config.SESSION_SECRET) return { ...config, SESSION_SECRET: config.SESSION_SECRET };
  if (config.NODE_ENV === 'production') {
    throw new ConfigError('Invalid configuration:\n  SESSION_SECRET: required in production (at least 32 characters)');
  }
  return { ...config, SESSION_SECRET: developmentSessionSecret(config.DATA_DIR) };
};

/**
 * Outside production a missing secret is generated once and kept in the data directory, so sessions survive
 * restarts without anyone having to configure anything.
 */
const developmentSessionSecret = (dataDir: string) => {
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
};

/** For a process's entry point: the configuration, or the problems printed and exit code 1. */
export const loadConfigOrExit = (): Config => {
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
};
