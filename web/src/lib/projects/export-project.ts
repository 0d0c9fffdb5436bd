import { projectPath } from './get-project.ts';

/** GET /api/projects/{id}/export answers the file itself, named `<name>-export.json` (spec 01 §7): a plain link downloads it. */
export const exportProjectUrl = (projectId: string) => `${projectPath(projectId)}/export`;
