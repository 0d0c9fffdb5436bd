import { existsSync } from 'node:fs';
// The client's own parser: its package has no export map, and parsing is all that is wanted here (no client).
import { parseConnectionString } from '@eventstore/db-client/dist/Client/parseConnectionString.js';
import { ConnectionString } from 'mongodb-connection-string-url';
import { z } from 'zod';
import { generatedSecret, OPS_TOKEN_FILE, SECRETS_KEY_FILE } from '../secrets/secrets-key.ts';

const port = z.coerce.number().int().min(0).max(65_535);
/** Empty counts as unset: `.env.example` leaves optional values empty. */
const optionalString = <T extends z.ZodType<string, string>>(schema: T) =>
  z
    .string()
    .trim()
    .transform((value) => value || undefined)
    .pipe(schema.optional())
    .optional();
const optionalUrl = optionalString(z.url());
/**
 * A server's connection string, checked by its own driver's parser: a cluster's (`esdb://n1:2113,n2:2113`,
 * `mongodb://h1:27017,h2:27017/?replicaSet=rs0`) is no URL, and a URL check would refuse exactly those.
 */
const connectionString = (parse: (value: string) => unknown) =>
  optionalString(
    z.string().superRefine((value, ctx) => {
      try {
        parse(value);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message });
      }
    }),
  );
/** 'true'/'false' (and 1/0, yes/no) as environments write them; `z.coerce.boolean()` would read 'false' as true. */
const flag = z.enum(['true', 'false', '1', '0', 'yes', 'no', '']).transform((value) => value === 'true' || value === '1' || value === 'yes');
/** A rate limit: how many per window; 0 turns it off. */
const limit = z.coerce.number().int().min(0).max(1_000_000);

export const DEFAULT_PUBLIC_COUPON_CODE = 'VIRALFREE';

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
  EVENTSTORE_URL: connectionString(parseConnectionString),
  MONGODB_URL: connectionString((value) => new ConnectionString(value)),
  MONGODB_DATABASE: z.string().default('viral_idea_studio'),
  READ_YOUR_WRITES_TIMEOUT_MS: z.coerce.number().int().min(0).max(30_000).default(2000),
  WEB_DIST_DIR: z.string().default('./web/dist'),
  OPS_TOKEN: optionalString(z.string().min(16, 'must be at least 16 characters')),
  /**
   * Signed-in users who see the Operations and Analytics screens: emails separated by commas, compared without
   * regard to case. Their sessions may also use every operators' endpoint, as the OPS_TOKEN does.
   */
  OPERATOR_EMAILS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((email) => email.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().regex(/^[^\s@]+@[^\s@]+$/, 'must be email addresses separated by commas'))),
  /**
   * Where browsers reach the product; OAuth callbacks and payment returns are built on it. Its host is the one
   * the servers answer for (any other Host gets 421); outside production also localhost, 127.0.0.1 and [::1].
   */
  PUBLIC_URL: optionalUrl,
  /**
   * Outside production without Google, the local sign-in page signs anyone in under any email. Off (the default):
   * it refuses the OPERATOR_EMAILS addresses, so that nobody becomes an operator by typing an operator's email.
   */
  LOCAL_SIGN_IN_OPERATORS: flag.default(false),
  GOOGLE_CLIENT_ID: optionalString(z.string()),
  GOOGLE_CLIENT_SECRET: optionalString(z.string()),
  /** The coupon the landing page advertises: issued on first start, gives unlimited access. */
  PUBLIC_COUPON_CODE: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9_-]{1,64}$/, 'letters, digits, - or _ only (at most 64)')
    .default(DEFAULT_PUBLIC_COUPON_CODE),
  STRIPE_SECRET_KEY: optionalString(z.string()),
  STRIPE_WEBHOOK_SECRET: optionalString(z.string()),
  STRIPE_PRICE_ID: optionalString(z.string()),
  STRIPE_PRICE_LOOKUP_KEY: optionalString(z.string()),
  /** The browser's key for Stripe.js (`pk_test_…` or `pk_live_…`): not a secret, the subscription page receives it. */
  STRIPE_PUBLISHABLE_KEY: optionalString(z.string().regex(/^pk_(test|live)_\w+$/, 'must be a Stripe publishable key (pk_test_… or pk_live_…)')),
  GEMINI_API_KEY: optionalString(z.string()),
  GEMINI_MODEL: z.string().trim().min(1).default('gemini-2.0-flash'),
  /** Where the Gemini API is, when not Google's own address (a proxy; the tests' local fake Gemini). */
  GEMINI_BASE_URL: optionalString(z.string().url()),
  /** 32 bytes as 64 hex characters: encrypts users' own Gemini keys at rest. Generated in DATA_DIR outside production. */
  SECRETS_KEY: optionalString(z.string().regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex characters (32 bytes)')),
  /**
   * Behind a reverse proxy (nginx in docker-compose): the client's address and scheme are taken from the
   * proxy's X-Forwarded-For / X-Forwarded-Proto. Off: from the socket, whatever headers a client sends.
   */
  TRUST_PROXY: flag.default(false),
  /**
   * Embedded mode: the projection engine on a worker thread (true), so that folding events never holds up a
   * request, or on the main thread (false). The services' topology runs it as its own service either way.
   */
  PROJECTIONS_THREAD: flag.default(true),
  /** New anonymous visitors per client address and hour; 0: no limit. */
  RATE_LIMIT_NEW_VISITORS_PER_HOUR: limit.default(30),
  /** AI calls paid by visitors' free plays, per client address (all its visitors together) and hour; 0: no limit. */
  RATE_LIMIT_VISITOR_AI_PER_HOUR: limit.default(10),
  /** Wrong coupon codes per account and per client address in 10 minutes; 0: no limit. */
  RATE_LIMIT_WRONG_COUPONS_PER_10_MINUTES: limit.default(10),
});

export type Config = z.infer<typeof configSchema> & { SESSION_SECRET: string; SECRETS_KEY: string; OPS_TOKEN: string };

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
  if (config.NODE_ENV === 'production') {
    const missing = [
      !config.SESSION_SECRET && '  SESSION_SECRET: required in production (at least 32 characters)',
      !config.SECRETS_KEY && '  SECRETS_KEY: required in production (64 hex characters)',
      // Scripts and the CLIs reach the operators' endpoints with it; a generated one would be known to nobody.
      !config.OPS_TOKEN && '  OPS_TOKEN: required in production (at least 16 characters)',
      // Only PUBLIC_URL's host is served in production (any other Host answers 421): without it, nothing would be.
      !config.PUBLIC_URL && '  PUBLIC_URL: required in production (the address people use, e.g. https://ideas.example.com)',
    ].filter(Boolean);
    if (missing.length > 0) throw new ConfigError(`Invalid configuration:\n${missing.join('\n')}`);
  }
  return {
    ...config,
    // Outside production a missing secret is generated once and kept in the data directory, so sessions (and stored
    // keys) survive restarts without anyone having to configure anything, and the CLIs find the ops token there.
    SESSION_SECRET: config.SESSION_SECRET ?? generatedSecret(config.DATA_DIR, 'session-secret'),
    SECRETS_KEY: config.SECRETS_KEY ?? generatedSecret(config.DATA_DIR, SECRETS_KEY_FILE),
    OPS_TOKEN: config.OPS_TOKEN ?? generatedSecret(config.DATA_DIR, OPS_TOKEN_FILE),
  };
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
