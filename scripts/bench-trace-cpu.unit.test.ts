import { describe, expect, it } from 'vitest';
import { cpuAfterFirstPaint, type TraceEvent } from '../bench/trace-cpu.ts';

const PAGE = 10;
const MAIN = 1;
const names: TraceEvent[] = [
  { name: 'thread_name', ph: 'M', pid: PAGE, tid: MAIN, ts: 0, args: { name: 'CrRendererMain' } },
  { name: 'thread_name', ph: 'M', pid: PAGE, tid: 2, ts: 0, args: { name: 'Compositor' } },
  { name: 'thread_name', ph: 'M', pid: 20, tid: MAIN, ts: 0, args: { name: 'CrRendererMain' } },
];
const task = (pid: number, tid: number, ts: number, cpuMs: number, wallMs: number): TraceEvent => ({
  name: 'RunTask',
  ph: 'X',
  pid,
  tid,
  ts,
  dur: wallMs * 1000,
  tdur: cpuMs * 1000,
});

describe('cpuAfterFirstPaint (bench/trace-cpu.ts)', () => {
  it("counts the page's main-thread tasks after its first contentful paint by CPU time, not wall time", () => {
    const trace = [
      ...names,
      task(PAGE, MAIN, 1_000, 30, 30), // before the first paint
      { name: 'firstContentfulPaint', ph: 'R', pid: PAGE, tid: MAIN, ts: 2_000 },
      task(PAGE, MAIN, 3_000, 20, 140), // held up by other processes: 140 ms of wall time, 20 of CPU
      task(PAGE, MAIN, 200_000, 5, 60),
      task(PAGE, 2, 4_000, 40, 40), // another thread of the page
      task(20, MAIN, 4_000, 40, 40), // another renderer
    ];
    // 20 + 5 ms of CPU; at 4× only the first passes 50 ms: 80 − 50.
    expect(cpuAfterFirstPaint(trace)).toEqual({ cpuMs: 25, cpuTbtMs: 30 });
  });

  it('gives no figure for a trace without a first contentful paint', () => {
    expect(cpuAfterFirstPaint([...names, task(PAGE, MAIN, 1_000, 30, 30)])).toEqual({ cpuMs: NaN, cpuTbtMs: NaN });
  });
});
