import { describe, expect, it } from 'vitest';
import { accountDecider } from './account/decide.ts';
import { couponRedeemed, pointsGranted, signedIn, subscriptionPaid, aiRequestCharged, aiRequestRefunded } from './account/fixtures.ts';
import { fold, type Decider, type DomainEvent } from './decider.ts';
import { projectDecider } from './project/decide.ts';
import {
  audienceSegmentAdded,
  conceptSelected,
  conceptsProposed,
  coreIdeaChanged,
  currentStageChanged,
  parameterAdded,
  parameterRemoved,
  projectCreated,
  projectDeleted,
  projectRenamed,
  stageAdvanced,
  stageNotesUpdated,
  tipWall,
} from './testing/project-fixtures.ts';

/**
 * Snapshots of long streams (handleCommand) are trusted only when taken by the same `snapshotVersion` of their
 * decider. These fingerprints fold a varied history and hash the state it gives: when `evolve` or the state's
 * shape changes, the hash does, and this test fails until the decider's snapshotVersion is bumped (so snapshots
 * folded by the old code are ignored) and the new fingerprint recorded beside it.
 */
/** FNV-1a (64-bit) of the folded state's JSON (Maps and Sets as their entries): short, stable, and enough here. */
const fingerprint = <E extends DomainEvent, S>(decider: Pick<Decider<never, E, S>, 'evolve' | 'initialState'>, history: readonly E[]) => {
  const json = JSON.stringify(fold(decider, history), (_key, value: unknown) =>
    value instanceof Map ? { map: [...value] } : value instanceof Set ? { set: [...value] } : value,
  );
  let hash = 0xcbf29ce484222325n;
  for (let i = 0; i < json.length; i++) hash = ((hash ^ BigInt(json.charCodeAt(i))) * 0x100000001b3n) & 0xffffffffffffffffn;
  return hash.toString(16).padStart(16, '0');
};

describe('snapshot versions', () => {
  it('project: bump projectDecider.snapshotVersion when this fingerprint changes', () => {
    const history = [
      projectCreated(),
      projectRenamed('Tip Wall'),
      coreIdeaChanged('Tips that travel'),
      parameterAdded({ value: 'Scarcity' }),
      parameterAdded({ value: 'Live' }),
      parameterRemoved({ value: 'Live' }),
      stageNotesUpdated(1, { targetAudience: 'Streamers' }, { targetAudience: '' }),
      stageAdvanced(1),
      audienceSegmentAdded(),
      conceptsProposed([tipWall()]),
      conceptSelected(0, 'Tip Wall'),
      currentStageChanged(3, 2),
      // A deleted project keeps what it was, for the trash (version 2); stage 4 has a messaging strategy (version 3);
      // the rename says who named the project (version 4).
      projectDeleted('Tip Wall'),
    ];
    expect({ version: projectDecider.snapshotVersion, fingerprint: fingerprint(projectDecider, history) }).toEqual({
      version: 4,
      fingerprint: '2fe9dce2517e6367',
    });
  });

  it('account: bump accountDecider.snapshotVersion when this fingerprint changes', () => {
    const history = [signedIn(), aiRequestCharged(), aiRequestRefunded(), couponRedeemed(), pointsGranted(10, 60), ...subscriptionPaid()];
    expect({ version: accountDecider.snapshotVersion, fingerprint: fingerprint(accountDecider, history) }).toEqual({
      version: 2,
      fingerprint: 'ab604fa0383a5bf3',
    });
  });
});
