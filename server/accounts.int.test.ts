import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { SIGN_IN_POSITION_COOKIE } from '@vis/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpClient } from './testing-client.ts';
import { startTestServer } from './testing.ts';

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer({ config: { PUBLIC_COUPON_CODE: 'LAUNCH-FREE' } });
});
afterAll(() => server.close());

const visitor = () => httpClient(() => server.url);
/** Reads after a command wait for its position, as the web app does. */
const after = (result: { body: { position: string } }) => ({ 'x-min-position': result.body.position });

/** An operator's script: the ops token the server generated in its data directory. */
const operator = () => httpClient(() => server.url, { headers: server.operator });

const issue = async (coupon: object) => {
  const res = await operator().call('POST', '/api/ops/coupons', coupon);
  expect(res.status).toBe(201);
  return res;
};

describe('a new visitor', () => {
  it('reads as a fresh account: not signed in, no points, three free plays', async () => {
    const ann = visitor();
    expect((await ann.call('GET', '/api/auth/user')).body).toMatchObject({
      isAuthenticated: false,
      aiPoints: 0,
      remainingFreeUses: 3,
      subscriptionStatus: 'Free',
      accessLevel: 'Free',
      email: null,
    });
    const free = { kind: 'free', label: 'Free', subscribed: false, unlimited: false, periodEndsOn: null };
    expect((await ann.call('GET', '/api/user-points')).body).toEqual({ success: true, points: 0, plan: free });
    expect((await ann.call('GET', '/api/user/points')).body).toEqual({ success: true, points: 0, plan: free });
    expect((await ann.call('GET', '/api/subscription/status')).body).toEqual({
      success: true,
      status: 'free',
      usageCount: 0,
      remainingFreeUses: 3,
      plan: free,
    });
    expect(await ann.call('GET', '/api/subscription/details')).toMatchObject({
      status: 404,
      body: { success: false, message: 'No active subscription found.' },
    });
  });

  it('learns the public coupon code, issued on first start, and gets unlimited access from it', async () => {
    const ann = visitor();
    expect((await ann.call('GET', '/api/public-coupon')).body).toEqual({ success: true, code: 'LAUNCH-FREE', visitorAiPerHour: 0 });
    const redeemed = await ann.call('POST', '/api/subscription/redeem-coupon', { couponCode: ' launch-free ' });
    expect(redeemed).toMatchObject({
      status: 200,
      body: { success: true, message: 'Coupon redeemed! You now have unlimited access.', kind: 'free_unlimited' },
    });
    expect((await ann.call('GET', '/api/subscription/status', undefined, after(redeemed))).body).toMatchObject({ status: 'free_unlimited' });
    expect((await ann.call('GET', '/api/auth/user')).body).toMatchObject({ subscriptionStatus: 'free_unlimited', accessLevel: 'Free' });
  });
});

describe('coupons', () => {
  it("answer the spec's messages for an empty or unknown code, and write nothing", async () => {
    const bo = visitor();
    const head = await server.eventStore.headPosition();
    expect(await bo.call('POST', '/api/redeem-coupon', { couponCode: '   ' })).toMatchObject({
      status: 400,
      body: { success: false, message: 'Please enter a coupon code.' },
    });
    expect(await bo.call('POST', '/api/redeem-coupon', {})).toMatchObject({ status: 400, body: { message: 'Please enter a coupon code.' } });
    expect(await bo.call('POST', '/api/redeem-coupon', { couponCode: 'NO-SUCH-CODE' })).toMatchObject({
      status: 400,
      body: { message: 'Invalid coupon code' },
    });
    expect(await bo.call('POST', '/api/redeem-coupon', { couponCode: 'bad code!' })).toMatchObject({
      status: 400,
      body: { message: 'Invalid coupon code' },
    });
    expect(await bo.call('POST', '/api/redeem-coupon', { couponCode: 7 })).toMatchObject({ status: 400, body: { field: 'couponCode' } });
    expect(await bo.call('POST', '/api/redeem-coupon', { couponCode: 'X', extra: 1 })).toMatchObject({ status: 400 });
    expect(await server.eventStore.headPosition()).toBe(head);
  });

  it('add points once per account, and a limited coupon is used up at its limit', async () => {
    await issue({ code: 'MORE50', kind: 'points', points: 50, maxRedemptions: 2 });
    const [cy, di, ed] = [visitor(), visitor(), visitor()];
    const first = await cy.call('POST', '/api/redeem-coupon', { couponCode: 'more50' });
    expect(first.body).toMatchObject({ success: true, message: 'Coupon redeemed! Points have been added to your account.', points: 50 });
    expect((await cy.call('GET', '/api/user-points', undefined, after(first))).body.points).toBe(50);
    expect(await cy.call('POST', '/api/redeem-coupon', { couponCode: 'MORE50' })).toMatchObject({
      status: 409,
      body: { message: 'You have already redeemed this coupon' },
    });
    expect((await di.call('POST', '/api/redeem-coupon', { couponCode: 'MORE50' })).status).toBe(200);
    expect(await ed.call('POST', '/api/redeem-coupon', { couponCode: 'MORE50' })).toMatchObject({
      status: 400,
      body: { message: 'This coupon code has already been used up' },
    });
    expect((await ed.call('GET', '/api/user-points')).body.points).toBe(0);
  });

  it('are issued by operators only, and refuse a malformed coupon', async () => {
    expect((await visitor().call('POST', '/api/ops/coupons', { code: 'HALF', kind: 'points', points: 5 })).status).toBe(401);
    expect(await operator().call('POST', '/api/ops/coupons', { code: 'HALF', kind: 'points' })).toMatchObject({
      status: 400,
      body: { field: 'points' },
    });
    expect(await operator().call('POST', '/api/ops/coupons', { code: 'HUGE', kind: 'points', points: Number.MAX_SAFE_INTEGER })).toMatchObject({
      status: 400,
      body: { field: 'points', message: 'A coupon gives at most 10,000 points' },
    });
    expect(await operator().call('POST', '/api/ops/coupons', { code: 'MORE50', kind: 'points', points: 5 })).toMatchObject({
      status: 409,
      body: { message: 'Coupon MORE50 already exists' },
    });
    const guarded = await startTestServer({ opsToken: 'ops-token-0123456789' });
    try {
      const stranger = httpClient(guarded.url);
      expect((await stranger.call('POST', '/api/ops/coupons', { code: 'SNEAKY', kind: 'free_unlimited' })).status).toBe(401);
      const operator = await stranger.call(
        'POST',
        '/api/ops/coupons',
        { code: 'GIFT', kind: 'points', points: 10 },
        { authorization: 'Bearer ops-token-0123456789' },
      );
      expect(operator).toMatchObject({ status: 201, body: { coupon: { code: 'GIFT', kind: 'points', points: 10, issuedBy: 'operator' } } });
    } finally {
      await guarded.close();
    }
  });
});

describe('npm run coupons', () => {
  it('issues a coupon through the running server, which visitors can then redeem', async () => {
    const root = path.resolve(import.meta.dirname, '..');
    const cli = (...args: string[]) =>
      promisify(execFile)(path.join(root, 'node_modules/.bin/tsx'), ['command-api/src/coupons-cli.ts', ...args, '--url', server.url], {
        cwd: root,
        env: { ...process.env, DATA_DIR: server.dataDir },
      });
    const { stdout } = await cli('issue', 'cli-gift', '--points', '15', '--max', '10');
    expect(stdout).toContain('Issued coupon CLI-GIFT: 15 points, at most 10 accounts');
    await expect(cli('issue', 'cli-huge', '--points', '10001')).rejects.toMatchObject({
      stderr: expect.stringContaining('A coupon gives at most 10,000 points'),
    });
    await expect(cli('issue', 'cli-gift', '--points', '15')).rejects.toMatchObject({
      stderr: expect.stringContaining('Coupon CLI-GIFT already exists'),
    });
    expect((await visitor().call('POST', '/api/redeem-coupon', { couponCode: 'cli-gift' })).body).toMatchObject({ success: true, points: 15 });
  });
});

describe('one account and another', () => {
  it("never read or hear each other's balance", async () => {
    await issue({ code: 'RICH', kind: 'points', points: 500 });
    const [rich, poor] = [visitor(), visitor()];
    await poor.call('POST', '/api/feedback', { message: 'hello' }); // the command API starts the session
    const redeemed = await rich.call('POST', '/api/redeem-coupon', { couponCode: 'RICH' });
    expect((await rich.call('GET', '/api/user/points', undefined, after(redeemed))).body.points).toBe(500);
    expect((await poor.call('GET', '/api/user/points', undefined, after(redeemed))).body.points).toBe(0);
    expect((await poor.call('GET', '/api/auth/user')).body.aiPoints).toBe(0);

    const richId = (await server.documentStore.find<{ _id: string; points: number }>('balances_v1', { points: 500 }))[0]!._id;
    const live = await poor.socket();
    live.ws.send(JSON.stringify({ type: 'subscribe', topics: [`balance:${richId}`, 'balance:mine'] }));
    expect(await live.next((m) => m.type === 'subscribed')).toEqual({ type: 'subscribed', topics: ['balance:mine'], denied: [`balance:${richId}`] });
    live.ws.close();
  });

  it('hears its own balance change live', async () => {
    await issue({ code: 'LIVE5', kind: 'points', points: 5 });
    const fay = visitor();
    await fay.call('GET', '/api/auth/user');
    await fay.call('POST', '/api/feedback', { message: 'hello' }); // the command API starts the session
    const live = await fay.socket();
    live.ws.send(JSON.stringify({ type: 'subscribe', topics: ['balance:mine'] }));
    await live.next((m) => m.type === 'subscribed');
    const redeemed = await fay.call('POST', '/api/redeem-coupon', { couponCode: 'LIVE5' });
    expect(await live.next((m) => m.type === 'changed')).toEqual({ type: 'changed', topic: 'balance:mine', position: redeemed.body.position });
    live.ws.close();
  });
});

describe('signing in', () => {
  it("keeps the visitor's projects, shows the profile, and signing out leaves them with the user", async () => {
    const ann = visitor();
    const created = await ann.call('POST', '/api/projects', { project: { name: 'Tip Jar' } });
    const projectId = created.body.project.id as string;

    const signedIn = await ann.form('/auth/local', { displayName: 'Ann Lee', email: 'ann@example.com', returnTo: '/dashboard' });
    expect(signedIn).toMatchObject({ status: 303, location: '/dashboard' });
    // The redirect hands the page the log's position after the sign-in's writes, in a cookie the page can read
    // (not httpOnly) and send as X-Min-Position: its first reads then show the project already moved to the user.
    const positionCookie = signedIn.setCookies.find((cookie) => cookie.startsWith(`${SIGN_IN_POSITION_COOKIE}=`));
    expect(positionCookie).toMatch(/samesite=lax/i);
    expect(positionCookie).not.toMatch(/httponly/i);
    const position = /^[^=]+=(\d+);/.exec(positionCookie ?? '')?.[1];
    const transfers = (await server.eventStore.readAll()).filter((event) => event.type === 'ProjectTransferred');
    expect(transfers).toMatchObject([
      { data: { projectId, fromOwnerId: expect.stringMatching(/^visitor-/), toOwnerId: expect.stringMatching(/^user-/) } },
    ]);
    expect(BigInt(position ?? -1)).toBeGreaterThanOrEqual(transfers[0]!.position);
    const atSignIn = { 'x-min-position': position! };
    expect((await ann.call('GET', '/api/projects', undefined, atSignIn)).body.projects.map((p: { id: string }) => p.id)).toEqual([projectId]);
    expect((await ann.call('GET', `/api/projects/${projectId}`, undefined, atSignIn)).status).toBe(200);
    expect((await ann.call('GET', '/api/auth/user')).body).toMatchObject({
      isAuthenticated: true,
      displayName: 'Ann Lee',
      email: 'ann@example.com',
      remainingFreeUses: 3,
    });

    expect(await ann.form('/auth/logout', {})).toMatchObject({ status: 303 });
    expect((await ann.call('GET', `/api/projects/${projectId}`)).status).toBe(404);
    expect((await ann.call('GET', '/api/auth/user')).body).toMatchObject({ isAuthenticated: false });
    await ann.form('/auth/local', { displayName: 'Ann Lee', email: 'ann@example.com' });
    expect((await ann.call('GET', `/api/projects/${projectId}`)).status).toBe(200);
  });
});
