import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { httpClient } from './testing-client.ts';
import { startTestServer } from './testing.ts';

/**
 * A visitor's balance follows them on sign-in: points, coupons, the free plays used and a coupon's unlimited
 * access move from the visitor's account to the user's, through the real apps and the local sign-in page.
 */
let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer({ config: { PUBLIC_COUPON_CODE: 'OPEN-ACCESS' } });
});
afterAll(() => server.close());

type Client = ReturnType<typeof httpClient>;
const browser = () => httpClient(() => server.url);
const after = (result: { body: { position: string } }) => ({ 'x-min-position': result.body.position });

const issue = async (code: string, points: number) =>
  expect((await browser().call('POST', '/api/ops/coupons', { code, kind: 'points', points }, server.operator)).status).toBe(201);
const redeem = async (who: Client, couponCode: string) => {
  const res = await who.call('POST', '/api/redeem-coupon', { couponCode });
  expect(res).toMatchObject({ status: 200, body: { success: true } });
  return res;
};
const askAi = async (who: Client) => expect((await who.call('POST', '/api/generate-parameter', { prompt: 'viral triggers' })).status).toBe(200);
const signIn = async (who: Client, email: string) =>
  expect(await who.form('/auth/local', { displayName: email.split('@')[0]!, email, returnTo: '/' })).toMatchObject({ status: 303 });
/** The sign-in answers with a redirect, not a position: its events reach the read model a moment later. */
const userOf = async (who: Client, expected: object) => {
  await vi.waitFor(async () => expect((await who.call('GET', '/api/auth/user')).body).toMatchObject(expected), { timeout: 5000 });
  return (await who.call('GET', '/api/auth/user')).body;
};
const eventsOfType = async (type: string) => (await server.eventStore.readAll()).filter((event) => event.type === type);

describe("a visitor's balance on sign-in", () => {
  it('moves to the user: the points and the free plays used; signing in again changes nothing', async () => {
    await issue('WELCOME50', 50);
    const ann = browser();
    await askAi(ann);
    await askAi(ann);
    const redeemed = await redeem(ann, 'welcome50');
    expect((await ann.call('GET', '/api/auth/user', undefined, after(redeemed))).body).toMatchObject({ aiPoints: 50, remainingFreeUses: 1 });
    const visitorCookie = ann.cookie();

    await signIn(ann, 'ann@example.com');
    await userOf(ann, { isAuthenticated: true, email: 'ann@example.com', aiPoints: 50, remainingFreeUses: 1 });
    expect((await ann.call('GET', '/api/user/points')).body).toMatchObject({ success: true, points: 50, plan: { label: 'Free with 50 points' } });
    expect((await ann.call('GET', '/api/subscription/status')).body).toMatchObject({ status: 'free', remainingFreeUses: 1 });
    expect(await eventsOfType('AccountHandedOver')).toMatchObject([
      { data: { accountId: expect.stringMatching(/^visitor-/), points: 50, freePlaysUsed: 2, redeemedCoupons: [{ code: 'WELCOME50' }] } },
    ]);

    // The same browser signs in again (it keeps its visitor id): nothing moves a second time.
    await signIn(ann, 'ann@example.com');
    const user = await userOf(ann, { isAuthenticated: true });
    expect(user).toMatchObject({ aiPoints: 50, remainingFreeUses: 1 });
    expect(await eventsOfType('AccountHandedOver')).toHaveLength(1);
    expect(await eventsOfType('VisitorAccountTakenOver')).toHaveLength(1);

    // The coupon came along: the user cannot redeem it again.
    expect(await ann.call('POST', '/api/redeem-coupon', { couponCode: 'WELCOME50' })).toMatchObject({
      status: 409,
      body: { message: 'You have already redeemed this coupon' },
    });

    // A copy of the visitor's old cookie is a stranger now: it reads neither the user's balance nor the visitor's.
    const read = (path: string) => fetch(`${server.url}${path}`, { headers: { cookie: visitorCookie } }).then((res) => res.json());
    expect(await read('/api/auth/user')).toMatchObject({ isAuthenticated: false, email: null, aiPoints: 0, remainingFreeUses: 3 });
    expect(await read('/api/user/points')).toMatchObject({ success: true, points: 0, plan: { label: 'Free' } });
  });

  it("adds to a user who already had points, never counting a coupon twice, and leaves another user's visitor alone", async () => {
    await issue('FIRST30', 30);
    await issue('SECOND20', 20);
    const home = browser();
    await signIn(home, 'bo@example.com');
    await redeem(home, 'FIRST30');
    await userOf(home, { isAuthenticated: true, aiPoints: 30, remainingFreeUses: 3 });

    const work = browser();
    await redeem(work, 'FIRST30'); // the visitor's own redemption of a coupon the user already has
    await askAi(work); // paid with a point: 29 left
    await redeem(work, 'SECOND20');
    await signIn(work, 'bo@example.com');
    // 30 of the user's own, plus the visitor's 49 less the 30 of FIRST30, which the user had already been given.
    await userOf(work, { isAuthenticated: true, aiPoints: 49, remainingFreeUses: 3 });
    await userOf(home, { isAuthenticated: true, aiPoints: 49 });
    expect(await work.call('POST', '/api/redeem-coupon', { couponCode: 'SECOND20' })).toMatchObject({ status: 409 });
    const [takenOver] = (await eventsOfType('VisitorAccountTakenOver')).slice(-1);
    expect(takenOver).toMatchObject({ data: { points: 19, pointsWithheld: 30, redeemedCoupons: [{ code: 'SECOND20', points: 20 }] } });

    // Another person signing in in the signed-in browser gets nothing of the visitor's account, already handed over.
    const handedOver = (await eventsOfType('AccountHandedOver')).length;
    await signIn(work, 'cy@example.com');
    await userOf(work, { isAuthenticated: true, email: 'cy@example.com', aiPoints: 0, remainingFreeUses: 3 });
    expect(await eventsOfType('AccountHandedOver')).toHaveLength(handedOver);
    await userOf(home, { aiPoints: 49 });
  });

  it("gives the user the visitor's unlimited access from a coupon", async () => {
    const di = browser();
    await redeem(di, 'open-access');
    await askAi(di); // unlimited: no free play spent
    await signIn(di, 'di@example.com');
    await userOf(di, { isAuthenticated: true, subscriptionStatus: 'free_unlimited', accessLevel: 'Free', remainingFreeUses: 3 });
    expect((await di.call('GET', '/api/subscription/status')).body).toMatchObject({ status: 'free_unlimited' });
    await askAi(di);
    expect((await di.call('GET', '/api/auth/user')).body).toMatchObject({ remainingFreeUses: 3, aiPoints: 0 });
  });

  it('moves nothing for a visitor who did nothing, and records only which user it became', async () => {
    const before = (await eventsOfType('AccountHandedOver')).length;
    const ed = browser();
    await ed.call('GET', '/api/auth/user');
    await signIn(ed, 'ed@example.com');
    await userOf(ed, { isAuthenticated: true, aiPoints: 0, remainingFreeUses: 3 });
    const handedOver = await eventsOfType('AccountHandedOver');
    expect(handedOver).toHaveLength(before + 1);
    expect(handedOver.at(-1)?.data).toMatchObject({ points: 0, freePlaysUsed: 0, unlimited: false, redeemedCoupons: [] });
  });
});
