import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ProjectListItem } from '../../../lib/projects/list-projects.ts';
import { storage, STORAGE_KEYS } from '../../../lib/storage.ts';
import { rememberCurrentProject } from './use-current-project.ts';

/**
 * Opening a project from a list: a guided one becomes the current project of the stages and opens on the
 * dashboard; a nine-step builder project opens in /game, which remembers its own.
 */
export const useOpenProject = () => {
  const navigate = useNavigate();
  return useCallback(
    (project: Pick<ProjectListItem, 'id' | 'kind'>) => {
      if (project.kind === 'builder') {
        storage.set(STORAGE_KEYS.currentBuilderProjectId, project.id);
        void navigate('/game');
        return;
      }
      rememberCurrentProject(project.id);
      void navigate('/dashboard');
    },
    [navigate],
  );
};
