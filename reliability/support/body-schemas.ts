import {
  issueCouponSchema,
  MAX_DISPLAY_NAME_LENGTH,
  MAX_EMAIL_LENGTH,
  MAX_ID_LENGTH,
  projectCommandSchemas,
  editIdeaBodySchema,
  publishIdeaBodySchema,
  submitFeedbackSchema,
} from '@vis/domain';
import { z } from 'zod';
import {
  enhancedPromptBody,
  generateKindParametersBody,
  generateParameterBody,
  generateParametersBody,
  ideaStageBody,
  processQueryBody,
  promptSequenceBody,
  quickIdeaBody,
  setGeminiKeyBody,
  technicalReportBody,
  verifyApiKeyBody,
  createProjectBody,
  projectPatchSchema,
  stagePatchSchema,
  draftStageBody,
} from '@vis/command-api/schemas';

export interface BodyRoute {
  /** What a well-formed body looks like (the route's own schema where it exports one). */
  schema: z.core.$ZodType;
  /** The local sign-in and sign-out are browser form posts, not JSON. */
  form?: true;
}

const nothing = z.strictObject({});
/** The task endpoints take the command's payload; values the path carries (project, stage, index) come from the path. */
const task = (type: keyof typeof projectCommandSchemas): BodyRoute => ({ schema: projectCommandSchemas[type] });

/**
 * The body every state-changing route reads, by `METHOD path`. A few route files keep their body schema
 * private; those are restated here from the route (they only steer the generator: the server's own schema
 * decides). A route missing here fails bad-input.int.test.ts.
 */
export const BODY_ROUTES: Record<string, BodyRoute> = {
  'POST /auth/local': {
    form: true,
    schema: z.strictObject({
      displayName: z.string().max(MAX_DISPLAY_NAME_LENGTH).optional(),
      email: z.email().max(MAX_EMAIL_LENGTH),
      returnTo: z.string().optional(),
    }),
  },
  'POST /auth/logout': { form: true, schema: nothing },
  'POST /api/redeem-coupon': { schema: z.strictObject({ couponCode: z.string().max(MAX_ID_LENGTH).default('') }) },
  'POST /api/subscription/redeem-coupon': { schema: z.strictObject({ couponCode: z.string().max(MAX_ID_LENGTH).default('') }) },
  'POST /api/ops/coupons': { schema: issueCouponSchema },
  'POST /api/ops/projections/:name/rebuild': { schema: nothing },
  'POST /api/ops/projections/:name/resume': {
    schema: z.strictObject({ skip: z.number().int().positive().optional(), by: z.string().max(100).optional() }),
  },
  'POST /api/ops/projections/:name/verify': { schema: nothing },
  'POST /api/projects': { schema: createProjectBody },
  'PATCH /api/projects/:projectId': { schema: projectPatchSchema },
  'PATCH /api/stages/:stageId': { schema: stagePatchSchema },
  'DELETE /api/projects/:projectId': task('DeleteProject'),
  'PUT /api/projects/:projectId/name': task('RenameProject'),
  'PUT /api/projects/:projectId/core-idea': task('SetCoreIdea'),
  'POST /api/projects/:projectId/parameters': task('AddParameter'),
  'POST /api/projects/:projectId/parameters/remove': task('RemoveParameter'),
  'POST /api/projects/:projectId/parameters/clear': task('ClearParameters'),
  'PATCH /api/projects/:projectId/stages/:stage/notes': task('UpdateStageNotes'),
  'POST /api/projects/:projectId/audience-segments': task('AddAudienceSegment'),
  'DELETE /api/projects/:projectId/audience-segments/:index': task('RemoveAudienceSegment'),
  'POST /api/projects/:projectId/concepts': task('ProposeConcepts'),
  'PUT /api/projects/:projectId/selected-concept': task('SelectConcept'),
  'PUT /api/projects/:projectId/concepts/:index': task('UpdateConcept'),
  'DELETE /api/projects/:projectId/concepts/:index': task('RemoveConcept'),
  'POST /api/projects/:projectId/proposals/resolve': task('ResolveDraftProposal'),
  'POST /api/projects/:projectId/advance': task('AdvanceStage'),
  'PUT /api/projects/:projectId/current-stage': task('SetCurrentStage'),
  'POST /api/projects/:projectId/stages/:stage/reset': task('ResetStage'),
  'POST /api/projects/:projectId/reset': task('ResetProject'),
  'POST /api/projects/:projectId/import': task('ImportProject'),
  'PUT /api/projects/:projectId/technical-report': task('RecordTechnicalReport'),
  'PUT /api/projects/:projectId/final-prompt': task('RecordFinalPrompt'),
  'POST /api/projects/:projectId/audit/remove-parameter': task('RemoveAuditedParameter'),
  'POST /api/projects/:projectId/stage-results': task('ApplyStageResults'),
  'POST /api/projects/:projectId/restore-version': task('RestoreProjectVersion'),
  'POST /api/projects/:projectId/restore': { schema: nothing },
  'POST /api/projects/:projectId/parameters/undo': task('UndoParameterRemoval'),
  'POST /api/projects/import': task('ImportProject'),
  'PUT /api/projects/:projectId/builder/core-idea': task('SetBuilderCoreIdea'),
  'PUT /api/projects/:projectId/builder/viral-mechanics': task('SetBuilderViralMechanics'),
  'POST /api/projects/:projectId/builder/parameters': task('AddBuilderParameter'),
  'POST /api/projects/:projectId/builder/parameters/remove': task('RemoveBuilderParameter'),
  'POST /api/projects/:projectId/builder/parameters/clear': task('ClearBuilderParameters'),
  'POST /api/projects/:projectId/builder/steps/:step/complete': task('CompleteBuilderStep'),
  'PUT /api/projects/:projectId/builder/current-step': task('GoToBuilderStep'),
  'POST /api/projects/:projectId/builder/finish': task('FinishBuilder'),
  'POST /api/projects/:projectId/builder/reopen': task('ReopenBuilder'),
  'PUT /api/projects/:projectId/gemini-key': { schema: setGeminiKeyBody },
  'DELETE /api/projects/:projectId/gemini-key': { schema: nothing },
  'DELETE /api/projects/:projectId/stage-answers': { schema: nothing },
  'DELETE /api/projects/:projectId/stage-answers/:stage': { schema: nothing },
  'DELETE /api/stage-answers': { schema: nothing },
  'POST /api/feedback': { schema: submitFeedbackSchema },
  'POST /api/marketplace/ideas': { schema: publishIdeaBodySchema },
  'POST /api/marketplace/ideas/:id/like': { schema: nothing },
  'POST /api/marketplace/ideas/:id/view': { schema: nothing },
  'DELETE /api/marketplace/ideas/:id': { schema: nothing },
  'DELETE /api/marketplace/ideas/:id/like': { schema: nothing },
  'PATCH /api/marketplace/ideas/:id': { schema: editIdeaBodySchema },
  'POST /api/projects/:projectId/share-links': { schema: nothing },
  'DELETE /api/projects/:projectId/share-links/:linkId': { schema: nothing },
  'POST /api/subscription/create': {
    schema: z.strictObject({ email: z.email().max(MAX_EMAIL_LENGTH), userId: z.string().max(MAX_ID_LENGTH).nullish() }),
  },
  'POST /api/subscription/apply-coupon': {
    schema: z.strictObject({ subscriptionId: z.string().min(1).max(MAX_ID_LENGTH), couponCode: z.string().max(MAX_ID_LENGTH) }),
  },
  'POST /api/subscription/cancel': { schema: nothing },
  'POST /api/generate-parameters': { schema: generateParametersBody },
  'POST /api/generate-parameters/:kind': { schema: generateKindParametersBody },
  'POST /api/generate-parameter': { schema: generateParameterBody },
  'POST /api/generate-enhanced-prompt': { schema: enhancedPromptBody },
  'POST /api/generate-technical-report': { schema: technicalReportBody },
  'POST /api/process-query': { schema: processQueryBody },
  'POST /api/generate-prompt-sequence': { schema: promptSequenceBody },
  'POST /api/process-idea-stage': { schema: ideaStageBody },
  'POST /api/quick-generate-idea': { schema: quickIdeaBody },
  'POST /api/draft-stage': { schema: draftStageBody },
  'POST /api/verify-api-key': { schema: verifyApiKeyBody },
};
