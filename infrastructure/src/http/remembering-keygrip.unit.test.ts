import Keygrip from 'keygrip';
import { describe, expect, it, vi } from 'vitest';
import { rememberingKeygrip } from './remembering-keygrip.ts';

describe('rememberingKeygrip', () => {
  const secret = 'a-long-session-secret';
  const value = 'vis.sid=4f9c0a2e-session-id';
  const signature = new Keygrip([secret]).sign(value);

  it('signs and verifies exactly as Keygrip does, so cookies signed before keep working', () => {
    const keygrip = rememberingKeygrip(new Keygrip([secret]));
    expect(keygrip.sign(value)).toBe(signature);
    expect(keygrip.index(value, signature)).toBe(0);
    expect(keygrip.verify(value, signature)).toBe(true);
    expect(keygrip.index(value, new Keygrip([secret]).sign('vis.sid=another-id'))).toBe(-1);
    expect(keygrip.verify(value, 'forged')).toBe(false);
    // A cookie signed with an older key still in the list is found at its index.
    expect(rememberingKeygrip(new Keygrip(['new-secret', secret])).index(value, signature)).toBe(1);
  });

  it('computes a verification that succeeded once, and one that failed every time', () => {
    const underlying = new Keygrip([secret]);
    const computed = vi.spyOn(underlying, 'index');
    const keygrip = rememberingKeygrip(underlying);
    for (let i = 0; i < 3; i++) expect(keygrip.verify(value, signature)).toBe(true);
    expect(computed).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 3; i++) expect(keygrip.verify(value, 'forged')).toBe(false);
    expect(computed).toHaveBeenCalledTimes(4);
  });

  it('forgets the oldest verification past its limit', () => {
    const underlying = new Keygrip([secret]);
    const computed = vi.spyOn(underlying, 'index');
    const keygrip = rememberingKeygrip(underlying, 2);
    const signed = ['a', 'b', 'c'].map((id) => [`vis.sid=${id}`, underlying.sign(`vis.sid=${id}`)] as const);
    for (const [data, digest] of signed) keygrip.verify(data, digest);
    keygrip.verify(...signed[2]!);
    expect(computed).toHaveBeenCalledTimes(3);
    keygrip.verify(...signed[0]!);
    expect(computed).toHaveBeenCalledTimes(4);
  });
});
