// The request body schemas of the command API, for harnesses that generate or check bodies (reliability/).
export * from './ai/schemas.ts';
export { createProjectBody, projectPatchSchema, stagePatchSchema } from './projects/patch-translation.ts';
export { draftStageBody } from './ai/uses/draft-stage.ts';
