import { pino, type Logger } from 'pino';

export type { Logger };

/** Paths whose values never reach a log line, whatever object they sit in. */
const REDACTED_PATHS = ['req.headers.cookie', 'headers.cookie', '*.apiKey', '*.aiApiKey', '*.password', '*.secret', '*.clientSecret'];

export const createLogger = ({ level = 'info', name }: { level?: string; name?: string } = {}): Logger =>
  pino({ level, name, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } });

export const silentLogger = (): Logger => pino({ level: 'silent' });
