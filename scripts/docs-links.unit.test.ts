import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The README and docs/ are read in a fresh clone, where nothing outside the repository exists: every relative link
 * must name a file of the repository, and none may climb out of it (a link to the product owner's folder beside the
 * clone worked on the developers' machines and nowhere else).
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const DOCS = [
  'README.md',
  ...readdirSync(path.join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/** Markdown links `[text](target)`; absolute URLs and in-page anchors are not files. */
export const relativeLinks = (markdown: string): string[] =>
  [...markdown.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1]!)
    .filter((target) => !/^[a-z]+:/i.test(target) && !target.startsWith('#'))
    .map((target) => target.split('#')[0]!);

const brokenLinks = (doc: string): string[] =>
  relativeLinks(readFileSync(path.join(ROOT, doc), 'utf8')).flatMap((target) => {
    const resolved = path.resolve(path.dirname(path.join(ROOT, doc)), target);
    const inside = resolved === ROOT || resolved.startsWith(ROOT + path.sep);
    return inside && existsSync(resolved) ? [] : [`${doc} → ${target}`];
  });

describe('links in the README and docs/', () => {
  it('reads the README and the docs', () => expect(DOCS).toEqual(expect.arrayContaining(['README.md', 'docs/architecture.md', 'docs/product.md'])));

  it('resolve inside the repository', () => expect(DOCS.flatMap(brokenLinks)).toEqual([]));

  it('never point outside the clone, not even as text', () => {
    const outside = DOCS.filter((doc) => /\.\.\/shared\//.test(readFileSync(path.join(ROOT, doc), 'utf8')));
    expect(outside).toEqual([]);
  });

  it('finds the links a check must see', () => {
    expect(relativeLinks('see [a](docs/a.md#x), [b](../shared/DESIGN.md), [c](https://x.org) and [d](#top)')).toEqual([
      'docs/a.md',
      '../shared/DESIGN.md',
    ]);
  });
});
