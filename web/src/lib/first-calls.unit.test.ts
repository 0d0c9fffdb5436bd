import { describe, expect, it } from 'vitest';
import { firstCallsOneAtATime } from './first-calls.ts';

/** A call that answers when told to, and records that it was sent. */
const deferredCalls = () => {
  const sent: string[] = [];
  const answers = new Map<string, { resolve: (value: string) => void; reject: (error: Error) => void }>();
  const call = (name: string) => () =>
    new Promise<string>((resolve, reject) => {
      sent.push(name);
      answers.set(name, { resolve, reject });
    });
  const settle = async () => {
    for (let i = 0; i < 10; i++) await Promise.resolve();
  };
  return { sent, call, answers, settle };
};

describe('first calls one at a time (a page served without a session)', () => {
  it('sends nothing else until the first call has its answer, then the rest together once the browser is a visitor', async () => {
    let visitor = false;
    const inTurn = firstCallsOneAtATime(() => visitor);
    const { sent, call, answers, settle } = deferredCalls();

    const first = inTurn(call('user'));
    const second = inTurn(call('projects'));
    const third = inTurn(call('coupon'));
    await settle();
    expect(sent).toEqual(['user']);

    // The answer brought the session (and the cookie that says so).
    visitor = true;
    answers.get('user')!.resolve('user answered');
    await settle();
    expect(sent).toEqual(['user', 'projects', 'coupon']);
    answers.get('projects')!.resolve('projects answered');
    answers.get('coupon')!.resolve('coupon answered');
    expect(await Promise.all([first, second, third])).toEqual(['user answered', 'projects answered', 'coupon answered']);
  });

  it('waits for nothing when the browser already is a visitor (the embedded server’s page started the session)', async () => {
    const inTurn = firstCallsOneAtATime(() => true);
    const { sent, call, settle } = deferredCalls();
    void inTurn(call('user'));
    void inTurn(call('projects'));
    await settle();
    expect(sent).toEqual(['user', 'projects']);
  });

  it('lets the next call go after a first call that failed, and passes the failure to its caller only', async () => {
    const inTurn = firstCallsOneAtATime(() => false);
    const { sent, call, answers, settle } = deferredCalls();
    const first = inTurn(call('create'));
    const second = inTurn(call('list'));
    await settle();
    expect(sent).toEqual(['create']);
    answers.get('create')!.reject(new Error('offline'));
    await expect(first).rejects.toThrow('offline');
    await settle();
    // Still no session (refused, or the server unreachable): the next call again goes alone.
    expect(sent).toEqual(['create', 'list']);
    const third = inTurn(call('coupon'));
    await settle();
    expect(sent).toEqual(['create', 'list']);
    answers.get('list')!.resolve('list answered');
    await expect(second).resolves.toBe('list answered');
    await settle();
    expect(sent).toEqual(['create', 'list', 'coupon']);
    answers.get('coupon')!.resolve('coupon answered');
    await expect(third).resolves.toBe('coupon answered');
  });
});
