import { storedSetting } from './stored-setting.ts';
import { STORAGE_KEYS } from './storage.ts';

/** The Auto Save choice (spec 01 §2 Settings, §7 local storage); on unless the user turned it off. */
const autoSave = storedSetting(STORAGE_KEYS.autoSave, (stored) => stored !== 'false');
export const isAutoSaveOn = autoSave.get;
export const setAutoSave = autoSave.set;
export const useAutoSave = autoSave.use;
