import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * `npm run test:reliability` sets RELIABILITY_FULL=1 and runs the long version of every attack; inside `npm test`
 * the same files run their short, deterministic version.
 */
export const FULL = process.env.RELIABILITY_FULL === '1';
export const sized = <T>(fast: T, full: T): T => (FULL ? full : fast);

/** One kind of attack and how it went: `failed` counts the cases where the product broke one of its promises. */
export interface AttackFigure {
  attack: string;
  tried: number;
  failed: number;
  /** Up to a few failing cases, described in one line each, for the report. */
  examples?: string[];
}

/**
 * One line of the money audit: what was tried, how many got through (against the limit, if any), and for what
 * costs money, what was charged (charges less refunds), delivered (answers callers got) and asked of the model.
 */
export interface LedgerFigure {
  attack: string;
  tried: number;
  limit?: number;
  passed: number;
  charged?: number;
  delivered?: number;
  asked?: number;
}

export interface SectionFigures {
  section: string;
  title: string;
  /** What is checked on every case, in a sentence or two. */
  checks: string;
  attacks: AttackFigure[];
  seconds: number;
  notes?: string[];
  /** The money audit's ledger (tried / charged / delivered). */
  ledger?: LedgerFigure[];
}

/**
 * Leaves a section's figures where reliability/run.ts collects them for docs/reliability.md
 * (RELIABILITY_RESULTS_DIR); a plain `npm test` run writes nothing.
 */
export const recordFigures = (figures: SectionFigures) => {
  const dir = process.env.RELIABILITY_RESULTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, `${figures.section}.json`), `${JSON.stringify(figures, null, 2)}\n`);
};

/** Counts cases per attack as they run. */
export const tally = () => {
  const figures = new Map<string, AttackFigure>();
  const entry = (attack: string) => {
    let figure = figures.get(attack);
    if (!figure) figures.set(attack, (figure = { attack, tried: 0, failed: 0, examples: [] }));
    return figure;
  };
  return {
    tried: (attack: string) => void entry(attack).tried++,
    failed: (attack: string, example: string) => {
      const figure = entry(attack);
      figure.failed++;
      if (figure.examples!.length < 5) figure.examples!.push(example);
    },
    all: (): AttackFigure[] =>
      [...figures.values()].map((figure) =>
        figure.examples!.length ? figure : { attack: figure.attack, tried: figure.tried, failed: figure.failed },
      ),
  };
};
