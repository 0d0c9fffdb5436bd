import { accountStreamId, type CommandMetadata } from '@vis/domain';
import { openTestStores } from '@vis/infrastructure/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAccounts, type Accounts } from './accounts.ts';
import { handOverVisitorAccount } from './visitor-hand-over.ts';

let stores: Awaited<ReturnType<typeof openTestStores>>;
let accounts: Accounts;
beforeEach(async () => {
  stores = await openTestStores();
  accounts = createAccounts({ eventStore: stores.eventStore });
});
afterEach(() => stores.cleanup());

let commands = 0;
/** Each sign-in comes with a fresh command id, as the sign-in callback makes one. */
const signIn = (actorId: string): CommandMetadata => ({ commandId: `sign-in-${++commands}`, actorId, now: '2026-11-23T10:00:00.000Z' });
const typesIn = async (accountId: string) => (await stores.eventStore.readStream(accountStreamId(accountId))).map((event) => event.type);

/** A visitor with 40 points who has spent one free play. */
const busyVisitor = async (visitor: string) => {
  await accounts.execute('UseFreePlay', visitor, { requestId: 'r1' }, signIn(visitor));
  await accounts.execute('GrantPoints', visitor, { points: 40, reason: 'test balance' }, signIn('operator'));
};

describe("moving a visitor's balance on sign-in", () => {
  it('moves it once, however often the same browser signs in', async () => {
    await busyVisitor('visitor-v1');
    await accounts.execute('GrantPoints', 'user-ann', { points: 2, reason: 'test balance' }, signIn('operator'));
    expect(await handOverVisitorAccount(accounts, 'visitor-v1', 'user-ann', signIn('user-ann'))).toMatchObject({ points: 40, freePlaysUsed: 1 });
    expect(await handOverVisitorAccount(accounts, 'visitor-v1', 'user-ann', signIn('user-ann'))).toBeNull();
    expect(await accounts.stateOf('user-ann')).toMatchObject({ points: 42, freePlaysLeft: 2 });
    expect(await accounts.stateOf('visitor-v1')).toMatchObject({ points: 0, freePlaysLeft: 0 });
    expect(await typesIn('visitor-v1')).toEqual(['AiRequestCharged', 'PointsGranted', 'AccountHandedOver']);
    expect(await typesIn('user-ann')).toEqual(['PointsGranted', 'VisitorAccountTakenOver']);
  });

  it('finishes a take-over that a crash between the two appends left undone, and moves nothing twice', async () => {
    await busyVisitor('visitor-v2');
    // The crash: the visitor's side was recorded under the derived command id, the user's never was.
    await accounts.execute(
      'HandOverToUser',
      'visitor-v2',
      { userAccountId: 'user-bo', userHoldsSubscription: false },
      { ...signIn('user-bo'), commandId: 'hand-over:visitor-v2' },
    );
    expect(await typesIn('user-bo')).toEqual([]);
    expect(await handOverVisitorAccount(accounts, 'visitor-v2', 'user-bo', signIn('user-bo'))).toMatchObject({ points: 40 });
    expect(await handOverVisitorAccount(accounts, 'visitor-v2', 'user-bo', signIn('user-bo'))).toBeNull();
    expect(await accounts.stateOf('user-bo')).toMatchObject({ points: 40, freePlaysLeft: 2 });
    expect(await typesIn('visitor-v2')).toEqual(['AiRequestCharged', 'PointsGranted', 'AccountHandedOver']);
  });

  it('gives another user nothing of a visitor account already handed over', async () => {
    await busyVisitor('visitor-v3');
    await handOverVisitorAccount(accounts, 'visitor-v3', 'user-cy', signIn('user-cy'));
    expect(await handOverVisitorAccount(accounts, 'visitor-v3', 'user-eve', signIn('user-eve'))).toBeNull();
    expect(await typesIn('user-eve')).toEqual([]);
    expect((await accounts.stateOf('user-cy')).points).toBe(40);
  });

  it('records which user a visitor who did nothing became, and moves nothing', async () => {
    expect(await handOverVisitorAccount(accounts, 'visitor-v4', 'user-di', signIn('user-di'))).toMatchObject({ points: 0, freePlaysUsed: 0 });
    expect(await typesIn('visitor-v4')).toEqual(['AccountHandedOver']);
    expect(await typesIn('user-di')).toEqual(['VisitorAccountTakenOver']);
    expect((await accounts.stateOf('user-di')).takenOverVisitors).toEqual(new Set(['visitor-v4']));
  });
});
