/** What bench/bytes-per-event.ts measures (its last stdout line). */
export interface BytesPerEventResult {
  commands: number;
  projects: number;
  /** Events appended: one per project created, one per command. */
  events: number;
  eventLogBytes: number;
  readModelsBytes: number;
  writtenPerCommand: number;
  changeLogBytes: number;
  changeLogEntries: number;
  /** Per collection: the entries the change log still holds for it, and their bytes. */
  logged: Record<string, { entries: number; bytes: number }>;
  /** Per collection: documents stored, and their bytes. */
  collections: Record<string, { documents: number; bytes: number }>;
  /** Projections whose status had not reached the last command when the server stopped (the figures are then low). */
  behind: string[];
}

/** The read models' own collections (`name_vN`), not the engine's or the sessions'. */
const READ_MODEL = /_v\d+$/;
const READ_MODELS_TARGET = 3;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const mb = (bytes: number) => `${(bytes / 1024 ** 2).toFixed(1)} MB`;

/** Rows of the benchmarks table: the data directory against the log, then each read model's bytes per event. */
export const bytesRows = (result: BytesPerEventResult) => {
  const ratio = result.readModelsBytes / result.eventLogBytes;
  const ok = ratio <= READ_MODELS_TARGET && result.behind.length === 0;
  const perModel = Object.entries(result.collections)
    .filter(([collection]) => READ_MODEL.test(collection))
    .map(([collection, { documents, bytes }]) => {
      const log = result.logged[collection];
      const perWrite = log && log.entries > 0 ? `, ${(log.bytes / log.entries).toFixed(0)} B logged per write` : '';
      return `\`${collection}\` ${(bytes / result.events).toFixed(0)} B stored per event (${documents} documents of ${kb(bytes / documents)})${perWrite}`;
    });
  return {
    ok,
    ratio,
    rows: [
      `| bytes on disk: ${result.commands} AddParameter over ${result.projects} projects, fresh data directory | event log ${mb(result.eventLogBytes)} (${kb(result.eventLogBytes / result.events)} per event) | the server wrote ${kb(result.writtenPerCommand)} to storage per command (both stores, pages and fsyncs) | read models ${mb(result.readModelsBytes)}: ${ratio.toFixed(1)}× the log${result.behind.length > 0 ? ` (behind at the stop: ${result.behind.join(', ')})` : ''} | read models ≤${READ_MODELS_TARGET}× the log: ${ok ? 'met' : '**missed**'} |`,
      `| bytes per event by read model, same run | ${perModel.join('; ')} | | change log ${mb(result.changeLogBytes)} in ${result.changeLogEntries} entries (kept ≤8 MB) | reported |`,
    ],
  };
};
