import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { storedSetting } from './stored-setting.ts';
import { STORAGE_KEYS } from './storage.ts';

/** Spec 01 §4 'Auto-progress', §9: a scheduled move happens this long after it is scheduled. */
export const AUTO_PROGRESS_DELAY_MS = 2000;

/** The Settings choice; on unless the user turned it off, like Auto Save. */
const autoProgress = storedSetting(STORAGE_KEYS.autoProgress, (stored) => stored !== 'false');
export const isAutoProgressOn = autoProgress.get;
export const setAutoProgress = autoProgress.set;
export const useAutoProgressSetting = autoProgress.use;

export interface ScheduledMove {
  path: string;
  /** What the notice calls the place: "Moving on to {label}". */
  label: string;
}

/**
 * One pending move at a time: scheduling again replaces it, cancel (the notice's Stay) drops it, and nothing is
 * scheduled while auto-progress is off. Kept apart from React so its timing is tested with fake timers.
 */
export const createAutoProgress = ({
  navigate,
  isEnabled,
  onChange,
  delayMs = AUTO_PROGRESS_DELAY_MS,
}: {
  navigate: (path: string) => void;
  isEnabled: () => boolean;
  onChange: (pending: ScheduledMove | null) => void;
  delayMs?: number;
}) => {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const clear = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
  return {
    schedule: (move: ScheduledMove) => {
      clear();
      if (!isEnabled()) return false;
      onChange(move);
      timer = setTimeout(() => {
        timer = null;
        onChange(null);
        // Turned off while waiting: the user asked to stay where they are.
        if (isEnabled()) navigate(move.path);
      }, delayMs);
      return true;
    },
    cancel: () => {
      if (timer === null) return;
      clear();
      onChange(null);
    },
    /** Leaving the screen drops the move without telling anyone: there is nothing left to show it on. */
    dispose: clear,
  };
};

/** The move scheduled from this screen, for AutoProgressNotice; leaving the screen cancels it. */
export const useAutoProgress = () => {
  const navigate = useNavigate();
  const [pending, setPending] = useState<ScheduledMove | null>(null);
  const scheduler = useMemo(
    () => createAutoProgress({ navigate: (path) => void navigate(path), isEnabled: isAutoProgressOn, onChange: setPending }),
    [navigate],
  );
  useEffect(() => scheduler.dispose, [scheduler]);
  const schedule = useCallback((move: ScheduledMove) => scheduler.schedule(move), [scheduler]);
  const cancel = useCallback(() => scheduler.cancel(), [scheduler]);
  return { pending, schedule, cancel };
};
