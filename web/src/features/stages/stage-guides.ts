import type { STAGE_GUIDES as DomainStageGuides } from '@vis/domain';

declare const __STAGE_GUIDES__: typeof DomainStageGuides;

/**
 * The fixed texts of each stage screen, the domain's own, put in at build by vite.config.ts: a stage shows its
 * title and guide at once, before its project has loaded, without the browser loading the domain package.
 */
export const STAGE_GUIDES = __STAGE_GUIDES__;
