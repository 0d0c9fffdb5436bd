import { measureLagCurve } from './lag-curve.ts';

/**
 * The lag curve's load generator in a process of its own (`node --import tsx bench/lag-client.ts '<options>'`,
 * the options of `measureLagCurve` as JSON; the curve is printed as JSON on the last line): a lag is timed where
 * its message is read, and a generator sharing the bench's own process, after its saturation rounds, was measured
 * to stretch the tail of both servers it timed, three to four times at the p99 (docs/benchmarks.md).
 */
const options = JSON.parse(process.argv[2] ?? '') as Parameters<typeof measureLagCurve>[0];
console.log(JSON.stringify(await measureLagCurve(options)));
