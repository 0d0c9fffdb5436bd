import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One truth about the account (issue 26): the server derives the plan label (`plan`, the domain's `planOf`) and
 * every screen shows it. Screens that each read the raw subscription fields told one person "Unlimited",
 * "Active Subscription", "Subscription: Free" and "You have no points" at once. The web app may not read those
 * fields (or compare a subscription status) at all: what it needs to show is in `plan`.
 */
const RAW_PLAN_READS: readonly RegExp[] = [
  /\bsubscriptionStatus\b/,
  /\baccessLevel\b/,
  /\bunlimitedAccess\b/,
  /\bcancelAtPeriodEnd\b/,
  /\bsubscriptionExpiresAt\b/,
  /\bcurrentPeriodEnd\b/,
  /\bstatus\)?\s*[!=]==?\s*'(active|free_unlimited|incomplete|none)'/,
  /'(active|free_unlimited|incomplete)'\s*[!=]==?\s*\S*status\b/,
  /\bcase\s+'(active|free_unlimited)'/,
];

const sourcesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourcesUnder(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });

const offendersIn = (text: string) => RAW_PLAN_READS.filter((pattern) => pattern.test(text));

describe('the plan label in the web app', () => {
  const sources = sourcesUnder(path.resolve(import.meta.dirname, '../web/src'));

  it('reads every source of the app', () => expect(sources.length).toBeGreaterThan(100));

  it('derives no plan of its own: no source reads the raw subscription fields', () => {
    const offenders = sources.flatMap((file) =>
      offendersIn(readFileSync(file, 'utf8')).map((pattern) => `${path.relative(process.cwd(), file)} ${pattern}`),
    );
    expect(offenders).toEqual([]);
  });

  it('would notice the derivations the screens used to make', () => {
    for (const line of [
      "const premium = user.subscriptionStatus === 'active';",
      "{account.unlimitedAccess ? 'Unlimited' : `${account.aiPoints} AI Points`}",
      "const active = status.data?.status === 'active' || status.data?.status === 'free_unlimited';",
      "const unlimited = status === 'free_unlimited';",
      "case 'free_unlimited':",
      "detail = cancelAtPeriodEnd && periodEnd ? 'Cancelled' : 'Active';",
      '{user.subscriptionExpiresAt && <time>{user.subscriptionExpiresAt}</time>}',
    ])
      expect(offendersIn(line), line).not.toEqual([]);
  });

  it('lets the screens show the spec texts a status calls for and the plan the server sent', () => {
    for (const line of [
      "const outOfFreeUses = status?.status === 'need_subscription';",
      '{plan.label}',
      "const unlimited = plan.kind === 'unlimited_by_coupon';",
      "description: answer.kind === 'free_unlimited' ? 'You now have unlimited access.' : 'Points added.'",
    ])
      expect(offendersIn(line), line).toEqual([]);
  });
});
