import type { Logger } from '@vis/infrastructure';
import type { Leases } from './leases.ts';

export interface DistributorOptions {
  leases: Leases;
  names: readonly string[];
  logger: Logger;
  clock: () => Date;
  ttlMs: number;
  renewEveryMs: number;
  /** This process now owns the projection: follow it (its agent starts). */
  onOwned: (name: string) => Promise<void>;
  /** This process no longer owns it (or is giving it up): stop applying it before anything else happens. */
  onLost: (name: string) => Promise<void>;
  /** Told whenever the set of projections this process holds changed (`owned()`). */
  onOwnedChange?: () => void;
}

/** The lease of a projection this process does not hold (another process does, and it has not lapsed). */
export class NotOwnerError extends Error {
  override readonly name = 'NotOwnerError';
}

/**
 * Who runs which projection, in the manner of Marten's hot-cold daemon: every few seconds each process beats its
 * heartbeat, renews the leases it holds, gives up the ones past its fair share (ceil(projections / live
 * processes), so a process that joins gets work) and takes free or lapsed ones up to it. A lease it fails to
 * renew is lost: its agent stops at once (and its writes are fenced meanwhile, see `Leases.fence`). A process
 * that stops releases its leases, so another takes them at its next round; one that dies loses them once they
 * lapse (`ttlMs`), and they are taken a round later.
 */
export const createDistributor = ({ leases, names, logger, clock, ttlMs, renewEveryMs, onOwned, onLost, onOwnedChange }: DistributorOptions) => {
  /** Leases held: their token, and until when they hold by the last renewal this process saw succeed. */
  const held = new Map<string, { token: string; until: number }>();
  let distributing = false;
  let timer: NodeJS.Timeout | undefined;
  let round: Promise<void> = Promise.resolve();

  const hold = (name: string, token: string) => {
    held.set(name, { token, until: clock().getTime() + ttlMs });
    onOwnedChange?.();
  };
  const forget = (name: string) => {
    const had = held.delete(name);
    if (had) onOwnedChange?.();
    return had;
  };

  const lose = async (name: string, why: string) => {
    if (!forget(name)) return;
    logger.warn({ projection: name, owner: leases.owner, why }, 'projection lease lost; stopping it');
    await onLost(name);
  };

  let renewedAt = 0;
  /** With `heartbeat`, this process's heartbeat is written too (in the same write when all goes well). */
  const renewAll = async ({ heartbeat = false } = {}) => {
    renewedAt = clock().getTime();
    const holding = [...held];
    if (heartbeat || holding.length > 0) {
      // Failing, the renewals are tried one by one below, which report and judge each lease.
      const together = await leases
        .renewTogether(
          holding.map(([name, { token }]) => ({ name, token })),
          { heartbeat },
        )
        .catch(() => false);
      if (together) {
        const until = clock().getTime() + ttlMs;
        for (const [, lease] of holding) lease.until = until;
        return;
      }
    }
    for (const [name, lease] of holding) {
      const renewed = await leases.renew(name, lease.token).catch((error: unknown) => {
        logger.warn({ projection: name, err: error }, 'could not renew a projection lease');
        return undefined;
      });
      if (renewed === true) lease.until = clock().getTime() + ttlMs;
      else if (renewed === false) await lose(name, 'another process holds it');
      // Unknown (the store did not answer): it still holds until it would have lapsed.
      else if (clock().getTime() >= lease.until) await lose(name, 'its renewals failed until it lapsed');
    }
    if (heartbeat) await leases.heartbeat();
  };

  /** After a round's renewals, which wrote this process's heartbeat. */
  const balance = async () => {
    const share = Math.ceil(names.length / Math.max(1, await leases.liveProcesses()));
    for (const name of [...held.keys()].slice(share)) {
      const lease = held.get(name)!;
      // Still held while its agent drains, so that the last checkpoint is written; then given back.
      await onLost(name);
      forget(name);
      await leases.release(name, lease.token);
      logger.info({ projection: name, owner: leases.owner, share }, 'projection lease given up for another process');
    }
    if (held.size >= share) return;
    const current = new Map((await leases.all()).map((lease) => [lease._id, lease]));
    for (const name of names) {
      if (held.size >= share) break;
      if (held.has(name) || !leases.isFree(current.get(name))) continue;
      const token = await leases.take(name);
      if (!token) continue;
      hold(name, token);
      logger.info({ projection: name, owner: leases.owner }, 'projection lease taken');
      try {
        await onOwned(name);
        // Starting projections one after another may take a while: the ones held already must not lapse meanwhile.
        if (clock().getTime() - renewedAt >= renewEveryMs) await renewAll();
      } catch (error) {
        // Not left held and unfollowed: given back, and taken again (here or elsewhere) at a later round.
        forget(name);
        await onLost(name).catch(() => undefined);
        await leases.release(name, token).catch(() => undefined);
        throw error;
      }
    }
  };

  /** Rounds never overlap: each runs after the one before has ended. */
  const tick = () => {
    round = round.then(async () => {
      try {
        await renewAll({ heartbeat: distributing });
        if (distributing) await balance();
      } catch (error) {
        logger.warn({ err: error, owner: leases.owner }, 'projection lease round failed; trying again');
      }
    });
    return round;
  };

  const schedule = () => {
    timer ??= setInterval(() => void tick(), renewEveryMs);
  };

  return {
    owner: leases.owner,
    /** Takes this process's share of the projections (the first round ends before this does), and goes on doing so. */
    start: async () => {
      distributing = true;
      await tick();
      schedule();
    },
    /** Holds one projection for an operator's command (a rebuild or resume from the CLI, say); refused while another process holds it. */
    acquire: async (name: string) => {
      await round;
      if (held.has(name)) return;
      const current = (await leases.all()).find((lease) => lease._id === name);
      const token = leases.isFree(current) ? await leases.take(name) : undefined;
      if (!token) throw new NotOwnerError(`${name} is run by another projections process (${current?.owner ?? 'unknown'}): ask that one`);
      hold(name, token);
      schedule();
    },
    owns: (name: string) => held.has(name),
    owned: () => [...held.keys()],
    /** The write that fences a batch of this projection; throws when this process does not hold its lease. */
    fence: (name: string) => {
      const lease = held.get(name);
      if (!lease) throw new NotOwnerError(`${name}: this process (${leases.owner}) does not hold its lease`);
      return leases.fence(name, lease.token);
    },
    /** Ends the rounds (the one under way finishes first): no lease is taken or agent started after this. */
    halt: async () => {
      distributing = false;
      clearInterval(timer);
      timer = undefined;
      await round;
    },
    /** Gives every lease back (the caller has stopped applying them first) so that other processes take them at once. */
    releaseAll: async () => {
      for (const [name, lease] of [...held]) {
        forget(name);
        await leases
          .release(name, lease.token)
          .catch((error: unknown) => logger.warn({ projection: name, err: error }, 'could not release a projection lease'));
      }
      await leases.leave().catch(() => undefined);
    },
  };
};

export type Distributor = ReturnType<typeof createDistributor>;
