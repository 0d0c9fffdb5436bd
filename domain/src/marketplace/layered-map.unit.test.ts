import { describe, expect, it } from 'vitest';
import { LayeredMap } from './layered-map.ts';

describe('LayeredMap', () => {
  it('answers the newest value of each key', () => {
    let map = LayeredMap.empty<number>();
    for (let index = 0; index < 100; index++) map = map.with(`k${index % 7}`, index);
    expect([...Array(7).keys()].map((key) => map.get(`k${key}`))).toEqual([98, 99, 93, 94, 95, 96, 97]);
    expect(map.get('missing')).toBeUndefined();
    expect(map.has('k3')).toBe(true);
  });

  it('never changes a map it was made from', () => {
    const before = LayeredMap.empty<string>().with('ann', 'a').with('bob', 'b').with('cid', 'c');
    const after = before.with('dee', 'd').with('ann', 'a2');
    expect([before.get('ann'), before.get('dee')]).toEqual(['a', undefined]);
    expect([after.get('ann'), after.get('dee')]).toEqual(['a2', 'd']);
  });

  it('reads a logarithmic number of layers however many keys it holds', () => {
    let map = LayeredMap.empty<boolean>();
    for (let index = 0; index < 10_000; index++) map = map.with(`liker-${index}`, true);
    expect(map.depth).toBeLessThanOrEqual(Math.ceil(Math.log2(10_000)));
    expect(map.has('liker-0') && map.has('liker-9999')).toBe(true);
  });

  it('drops entries that fail `keep` when their layer merges, and keeps the rest', () => {
    let map = LayeredMap.empty<number>();
    for (let time = 0; time < 64; time++) map = map.with(`viewer-${time}`, time, (seen) => time - seen < 10);
    expect(map.get('viewer-0')).toBeUndefined();
    expect(map.get('viewer-63')).toBe(63);
    expect(map.get('viewer-54')).toBe(54);
  });

  it('forgets a removed key, in whatever layer its value sits, and takes it again later', () => {
    let map = LayeredMap.empty<number>();
    for (let index = 0; index < 37; index++) map = map.with(`k${index}`, index);
    map = map.without('k0').without('k36');
    for (let index = 37; index < 80; index++) map = map.with(`k${index}`, index);
    expect([map.has('k0'), map.has('k36'), map.get('k1'), map.get('k79')]).toEqual([false, false, 1, 79]);
    expect(map.with('k0', 100).get('k0')).toBe(100);
    expect(map.without('never')).toBe(map);
  });
});
