import { boundHeapGrowth, createLogger, loadConfigOrExit, StoreInUseError } from '@vis/infrastructure';
import { startEmbedded } from './embedded.ts';

// The projection engine's thread rebuilds in this process.
boundHeapGrowth();
const config = loadConfigOrExit();
const logger = createLogger({ level: config.LOG_LEVEL, name: 'viral-idea-studio' });
const app = await startEmbedded(config, logger).catch((error: unknown) => {
  if (!(error instanceof StoreInUseError)) throw error;
  console.error(error.message);
  process.exit(1);
});
logger.info({ url: app.url, dataDir: config.DATA_DIR }, 'Viral Idea Studio is running (embedded mode)');
console.log(`\n  Viral Idea Studio is listening on ${app.url}\n`);

const shutdown = async (signal: string) => {
  logger.info({ signal }, 'shutting down');
  await app.close();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));
