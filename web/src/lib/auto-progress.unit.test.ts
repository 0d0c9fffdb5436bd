import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTO_PROGRESS_DELAY_MS, createAutoProgress, type ScheduledMove } from './auto-progress.ts';

const summary: ScheduledMove = { path: '/summary', label: 'your results' };

const setup = (enabled = true) => {
  const navigate = vi.fn<(path: string) => void>();
  const changes: (ScheduledMove | null)[] = [];
  let on = enabled;
  const scheduler = createAutoProgress({ navigate, isEnabled: () => on, onChange: (pending) => changes.push(pending) });
  return { navigate, changes, scheduler, turn: (value: boolean) => (on = value) };
};

describe('auto-progress (spec 01 §4)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('waits 2000 ms', () => expect(AUTO_PROGRESS_DELAY_MS).toBe(2000));

  it('navigates to the scheduled path after 2000 ms, not before', () => {
    const { navigate, changes, scheduler } = setup();
    expect(scheduler.schedule(summary)).toBe(true);
    expect(changes).toEqual([summary]);
    vi.advanceTimersByTime(1999);
    expect(navigate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/summary');
    expect(changes).toEqual([summary, null]);
  });

  it('stays where it is when the user clicks Stay', () => {
    const { navigate, changes, scheduler } = setup();
    scheduler.schedule(summary);
    vi.advanceTimersByTime(1000);
    scheduler.cancel();
    vi.advanceTimersByTime(5000);
    expect(navigate).not.toHaveBeenCalled();
    expect(changes).toEqual([summary, null]);
  });

  it('schedules nothing while auto-progress is off', () => {
    const { navigate, changes, scheduler } = setup(false);
    expect(scheduler.schedule(summary)).toBe(false);
    vi.advanceTimersByTime(5000);
    expect(navigate).not.toHaveBeenCalled();
    expect(changes).toEqual([]);
  });

  it('does not move when auto-progress is turned off while waiting', () => {
    const { navigate, scheduler, turn } = setup();
    scheduler.schedule(summary);
    turn(false);
    vi.advanceTimersByTime(2000);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('keeps one move: scheduling again replaces the first and restarts the wait', () => {
    const { navigate, scheduler } = setup();
    scheduler.schedule(summary);
    vi.advanceTimersByTime(1500);
    scheduler.schedule({ path: '/dashboard', label: 'the dashboard' });
    vi.advanceTimersByTime(1500);
    expect(navigate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(500);
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/dashboard');
  });

  it('drops the move when the screen goes away', () => {
    const { navigate, scheduler } = setup();
    scheduler.schedule(summary);
    scheduler.dispose();
    vi.advanceTimersByTime(2000);
    expect(navigate).not.toHaveBeenCalled();
  });
});
