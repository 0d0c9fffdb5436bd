import { z } from 'zod';
import { COUPON_KINDS } from '../account/coupon-code.ts';
import { CHARGE_METHODS, SUBSCRIPTION_STATUSES } from '../account/events.ts';
import { PLAN_KINDS } from '../account/plan.ts';
import type { SubscriptionStatusView } from '../account/status.ts';
import { FLOW_STAGE_IDS } from '../ai/flow-stages.ts';
import { FEEDBACK_TYPES } from '../feedback/feedback.ts';
import { BUILDER_PARAMETER_KIND_NAMES } from '../ai/parameter-kinds.ts';
import { builderCategorySchema, builderStepSchema, PROJECT_KINDS } from '../project/builder.ts';
import { AI_PROVIDERS } from '../project/ai-events.ts';
import { AI_KEY_STATUSES } from '../project/constants.ts';
import { HISTORY_ACTORS, HISTORY_KINDS } from '../project/history.ts';
import { SUGGESTION_OUTCOMES } from '../project/suggestion-outcomes.ts';
import type { PreviousStagesContext, Progress } from '../project/progress.ts';
import {
  GUIDED_STAGE_NUMBERS,
  incompatibleParameterSchema,
  keyResourceSchema,
  STAGE_NUMBERS,
  stageDataSchemas,
  technicalReportSchema,
  type StageNumber,
} from '../project/stages.ts';

/**
 * The wire contract's shapes: what the query and command APIs answer and the web app reads. The APIs build
 * their answers typed against these, their tests parse the answers with them, and the web app imports the
 * inferred types (type-only: zod stays out of its bundle).
 */

const success = z.literal(true);

/** What every command endpoint answers (README: `{ success, changed, events, position }`). */
export const commandResponse = z.object({
  success,
  changed: z.boolean(),
  events: z.array(z.string()),
  position: z.string(),
  /** A project command's stream revision after it: the base the next edit of the same text is made on. */
  revision: z.number().int().optional(),
});
export type CommandResponse = z.infer<typeof commandResponse>;

/**
 * 409 to a text edit whose base revision is older than the last change to that text (two tabs): nothing was
 * written. `field` is the text's path (`coreIdea`, `stages.4.rewardFlow`, `stages.5.webpageElements.headline`),
 * `current` the stored text and the revision that changed it, to resend on when keeping one's own version.
 */
export const textConflictResponse = z.object({
  success: z.literal(false),
  error: z.literal('Changed in another tab'),
  message: z.string(),
  field: z.string(),
  current: z.object({ value: z.unknown(), revision: z.number().int() }),
});
export type TextConflictResponse = z.infer<typeof textConflictResponse>;

/** POST /api/projects. */
export const createProjectResponse = z.object({ success, project: z.object({ id: z.string() }), position: z.string() });
export type CreateProjectResponse = z.infer<typeof createProjectResponse>;

/** POST /api/verify-api-key (and PUT /api/projects/{id}/gemini-key): with a project, its masked key and the position. */
export const verifyApiKeyResponse = z.object({
  success,
  valid: z.boolean(),
  aiApiStatus: z.enum(['Valid', 'Invalid']),
  aiApiKey: z.string().optional(),
  message: z.string(),
  position: z.string().optional(),
});
export type VerifyApiKeyResponse = z.infer<typeof verifyApiKeyResponse>;

/** DELETE /api/projects/{id}/gemini-key. */
export const removeGeminiKeyResponse = z.object({
  success,
  changed: z.boolean(),
  aiApiStatus: z.literal('Not Set'),
  aiApiKey: z.literal(''),
  position: z.string(),
});
export type RemoveGeminiKeyResponse = z.infer<typeof removeGeminiKeyResponse>;

/** The spec's project fields (spec 01 §3, §7); the project's own Gemini key shows as its last four characters. */
export const projectView = z.object({
  id: z.string(),
  name: z.string(),
  coreIdea: z.string(),
  parameters: z.array(z.string()),
  aiApiKey: z.string(),
  aiApiStatus: z.enum(AI_KEY_STATUSES),
  currentStageIndex: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ProjectView = z.infer<typeof projectView>;

/** A stage: its fixed texts (STAGE_GUIDES), its id, and its data with the lists' comma-joined text forms beside them. */
const stageViewOf = <N extends StageNumber>(stageNumber: N) =>
  z.object({
    id: z.string(),
    stageNumber: z.literal(stageNumber),
    title: z.string(),
    objective: z.string(),
    process: z.string(),
    outputFormat: z.string(),
    simulatedModel: z.string(),
    geminiSuggestions: z.array(z.unknown()),
    aiSuggestions: z.array(z.unknown()),
    data: stageDataSchemas[stageNumber],
  });
export const stageViews = {
  1: stageViewOf(1),
  2: stageViewOf(2),
  3: stageViewOf(3),
  4: stageViewOf(4),
  5: stageViewOf(5),
  6: stageViewOf(6),
} as const;
export type StageView<N extends StageNumber = StageNumber> = z.infer<(typeof stageViews)[N]>;
export const stageView = z.discriminatedUnion(
  'stageNumber',
  STAGE_NUMBERS.map((stageNumber) => stageViews[stageNumber]) as unknown as [(typeof stageViews)[1], ...(typeof stageViews)[StageNumber][]],
);

const guidedFlags = z.object(
  Object.fromEntries(GUIDED_STAGE_NUMBERS.map((stage) => [stage, z.boolean()])) as Record<1 | 2 | 3 | 4 | 5, z.ZodBoolean>,
);
export const progressView: z.ZodType<Progress> = z.object({ stages: guidedFlags, completed: z.number().int(), percent: z.number() });

export const previousStagesContextView: z.ZodType<PreviousStagesContext> = z.object({
  1: z.object({ viralTriggers: z.string(), keyResources: z.array(keyResourceSchema) }).optional(),
  2: z.object({ caseStudyNames: z.array(z.string()), keyInsights: z.string() }).optional(),
  3: z.object({ conceptName: z.string(), coreAction: z.string(), viralHook: z.string() }).nullable().optional(),
  4: z.object({ audienceSegmentNames: z.array(z.string()), messaging: z.string(), rewardFlow: z.string() }).optional(),
});

/** One parameter category of the nine-step builder, with its add rule (spec 02 §5) and the AI kind that suggests for it. */
export const builderCategoryView = z.object({
  category: builderCategorySchema,
  title: z.string(),
  step: builderStepSchema,
  maxWords: z.number().int(),
  /** The suggestion kind for POST /api/generate-parameter (`kind`). */
  kind: z.enum(BUILDER_PARAMETER_KIND_NAMES),
  /** Set once a parameter was added; removing does not reset it (spec 02 §4). */
  active: z.boolean(),
  params: z.array(z.string()),
});
export type BuilderCategoryView = z.infer<typeof builderCategoryView>;

/** A step tile (spec 02 §2.7, §4): `status` colours it; `locked` tiles cannot be gone to or completed. */
export const builderStepView = z.object({
  step: builderStepSchema,
  name: z.string(),
  status: z.enum(['current', 'complete', 'available', 'locked']),
  complete: z.boolean(),
  /** The parameter categories the step edits (step 1 also has the two texts, step 8 the enhanced prompt). */
  categories: z.array(builderCategorySchema),
});
export type BuilderStepView = z.infer<typeof builderStepView>;

/** The nine-step builder's state (spec 02 §2.6, §2.7): present on builder projects only. */
export const builderView = z.object({
  coreIdea: z.string(),
  coreIdeaWords: z.number().int(),
  viralMechanics: z.string(),
  viralMechanicsWords: z.number().int(),
  limits: z.object({ coreIdeaWords: z.number().int(), viralMechanicsWords: z.number().int() }),
  /** Every category, in step order. */
  categories: z.array(builderCategoryView),
  steps: z.array(builderStepView),
  completedSteps: z.array(builderStepSchema),
  currentStep: builderStepSchema,
  percentComplete: z.number(),
  enhancedPrompt: z.string(),
  /** Step 8's AI analysis report; '' until the AI wrote one. */
  analysisReport: z.string(),
  /** A value changed after the enhanced prompt was written: the prompt does not say it yet. */
  promptOutdated: z.boolean(),
  /** The last finish, until Back to Editor (POST builder/reopen) reopens the builder. */
  finished: z.object({ timeSpentSeconds: z.number().int(), finishedAt: z.string() }).nullable(),
});
export type BuilderView = z.infer<typeof builderView>;

/**
 * GET /api/projects/{id}: the project, its stages, progress and the previous stages' context; `kind`, and for a
 * builder project its `builder` (null on guided projects, whose stages and progress are what they read).
 */
export const projectResponse = z.object({
  success,
  project: projectView,
  kind: z.enum(PROJECT_KINDS),
  builder: builderView.nullable(),
  stages: z.array(stageView),
  progress: progressView,
  context: previousStagesContextView,
  position: z.string(),
  /** The project stream's revision shown: text edits send it as `baseRevision`. Null until a project written before revisions were kept changes again. */
  revision: z.number().int().nullable(),
});
export type ProjectResponse = z.infer<typeof projectResponse>;

/** GET /api/projects/{id}/stages. */
export const projectStagesResponse = z.object({
  success,
  stages: z.array(z.object({ id: z.string(), stageNumber: z.literal(STAGE_NUMBERS), title: z.string() })),
});
export type ProjectStagesResponse = z.infer<typeof projectStagesResponse>;

export const projectListItem = z.object({
  id: z.string(),
  name: z.string(),
  /** 'builder': the /game screen's project; its coreIdea and percentComplete are the builder's. */
  kind: z.enum(PROJECT_KINDS),
  coreIdea: z.string(),
  currentStageIndex: z.number().int(),
  percentComplete: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ProjectListItem = z.infer<typeof projectListItem>;
/** GET /api/projects: your projects, newest change first. */
export const projectListResponse = z.object({ success, projects: z.array(projectListItem) });
export type ProjectListResponse = z.infer<typeof projectListResponse>;

/** GET /api/trash: the owner's deleted projects that can still be restored, and until when. */
export const trashItem = projectListItem.extend({ deletedAt: z.string(), restorableUntil: z.string() });
export type TrashItem = z.infer<typeof trashItem>;
export const trashResponse = z.object({ success, projects: z.array(trashItem) });
export type TrashResponse = z.infer<typeof trashResponse>;

/** A field an event changed, by its label on the screens, with its values before and after the event. */
export const historyChange = z.object({ field: z.string(), before: z.unknown(), after: z.unknown() });
/**
 * One event of a project's history: its type, when it happened, who made it, a sentence in the user's words,
 * what it changed, and where it is in the log (`position`, the global one as text) and in the project's stream
 * (`revision`, from 0: GET /api/projects/{id}/at/{revision} answers the project right after it). A publishing
 * entry comes from the idea's own stream: its revision is the idea's, and it changes nothing in the project.
 */
export const projectHistoryEntry = z.object({
  id: z.string(),
  type: z.string(),
  at: z.string(),
  summary: z.string(),
  kind: z.enum(HISTORY_KINDS),
  actor: z.enum(HISTORY_ACTORS),
  changes: z.array(historyChange),
  position: z.string(),
  revision: z.number().int(),
  streamId: z.string(),
  /** AI suggestions only: what became of each suggested value, as of the project's last event. */
  suggestions: z
    .array(
      z.object({
        value: z.string(),
        outcome: z.enum(SUGGESTION_OUTCOMES),
        addedAs: z.string().optional(),
        removed: z.boolean().optional(),
      }),
    )
    .optional(),
});
export type ProjectHistoryEntry = z.infer<typeof projectHistoryEntry>;
/**
 * GET /api/projects/{id}/history[?kind=parameters,stages,content,ai,publishing,project][&limit][&cursor]: newest
 * first; the next page's cursor travels in `X-Next-Cursor`.
 */
export const projectHistoryResponse = z.object({ success, history: z.array(projectHistoryEntry) });
export type ProjectHistoryResponse = z.infer<typeof projectHistoryResponse>;

/** The spec's "Marketplace idea" (02 §3), plus whether it is the caller's own (the owner stays internal). */
export const marketplaceIdea = z.strictObject({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  imageUrl: z.string().nullable(),
  views: z.number().int(),
  likes: z.number().int(),
  createdAt: z.string(),
  coreIdea: z.string(),
  viralTriggers: z.string(),
  techFramework: z.string(),
  sustainability: z.string(),
  ownedByYou: z.boolean(),
  /** Whether the asker (any of the person's ids) likes it: computed per request, never who else does (issue 26). */
  likedByMe: z.boolean(),
});
export type MarketplaceIdea = z.infer<typeof marketplaceIdea>;
/** GET /api/marketplace/ideas: a bare array, as the spec's client reads it. */
export const marketplaceIdeasResponse = z.array(marketplaceIdea);
export type MarketplaceIdeasResponse = z.infer<typeof marketplaceIdeasResponse>;

/** POST /api/marketplace/ideas: 201 for a new idea, 200 for a repeated request. */
export const publishIdeaResponse = z.object({ success, ok: z.literal(true), id: z.string(), message: z.string(), position: z.string() });
export type PublishIdeaResponse = z.infer<typeof publishIdeaResponse>;

/** POST /api/marketplace/ideas/{id}/like: once per account or visitor; a second like says `alreadyLiked`. */
export const likeIdeaResponse = z.object({
  success,
  changed: z.boolean(),
  alreadyLiked: z.boolean(),
  likes: z.number().int(),
  message: z.string(),
  position: z.string(),
});
export type LikeIdeaResponse = z.infer<typeof likeIdeaResponse>;

/** DELETE /api/marketplace/ideas/{id}/like: the like taken back; `changed` false when there was none. */
export const unlikeIdeaResponse = z.object({ success, changed: z.boolean(), likes: z.number().int(), message: z.string(), position: z.string() });
export type UnlikeIdeaResponse = z.infer<typeof unlikeIdeaResponse>;

/** PATCH /api/marketplace/ideas/{id}: the owner's edit of title and description. */
export const editIdeaResponse = z.object({ success, changed: z.boolean(), message: z.string(), position: z.string() });
export type EditIdeaResponse = z.infer<typeof editIdeaResponse>;

/**
 * GET /api/projects/{id}/publish-preview: what publishing the project would show, for the publish dialog. `reason`
 * is why it cannot be published yet (no core idea), null when it can.
 */
export const publishPreviewResponse = z.object({ success, title: z.string(), description: z.string(), reason: z.string().nullable() });
export type PublishPreviewResponse = z.infer<typeof publishPreviewResponse>;

/**
 * A project's private read-only link (issue 26), shown to its owner only, by `id` (what revokes it). Its token is
 * answered once, when it is made; only a link made before tokens were hashed still has its `token` here.
 */
export const shareLink = z.object({ id: z.string(), createdAt: z.string(), token: z.string().optional() });
export type ShareLink = z.infer<typeof shareLink>;
/** GET /api/projects/{id}/share-links: the live links, oldest first. */
export const shareLinksResponse = z.object({ success, links: z.array(shareLink) });
export type ShareLinksResponse = z.infer<typeof shareLinksResponse>;
/** POST /api/projects/{id}/share-links. */
export const createShareLinkResponse = z.object({ success, changed: z.literal(true), token: z.string(), id: z.string(), position: z.string() });
export type CreateShareLinkResponse = z.infer<typeof createShareLinkResponse>;

/** GET /api/shared/{projectId}/{token}: the project as a link's holder may read it, nothing private. */
export const sharedProjectResponse = z.object({
  success,
  project: z.object({
    name: z.string(),
    kind: z.enum(['guided', 'builder']),
    title: z.string(),
    description: z.string(),
    coreIdea: z.string(),
    viralTriggers: z.string(),
    techFramework: z.string(),
    sustainability: z.string(),
    updatedAt: z.string(),
  }),
});
export type SharedProjectResponse = z.infer<typeof sharedProjectResponse>;

/** POST /api/marketplace/ideas/{id}/view: one counted view per viewer per hour. */
export const viewIdeaResponse = z.object({ success, changed: z.boolean(), counted: z.boolean(), views: z.number().int(), position: z.string() });
export type ViewIdeaResponse = z.infer<typeof viewIdeaResponse>;

/** POST /api/feedback. */
export const feedbackResponse = z.object({ success, message: z.string(), position: z.string() });
export type FeedbackResponse = z.infer<typeof feedbackResponse>;

/** POST /api/redeem-coupon (and /api/subscription/redeem-coupon). */
export const redeemCouponResponse = z.object({
  success,
  message: z.string(),
  kind: z.enum(COUPON_KINDS).optional(),
  points: z.number().optional(),
  position: z.string(),
});
export type RedeemCouponResponse = z.infer<typeof redeemCouponResponse>;

/**
 * The account's one plan label and what goes with it (the domain's `planOf`), sent with every read of the
 * balance so that a live update carries it: screens show `label` and derive none of their own.
 */
export const accountPlan = z.object({
  kind: z.enum(PLAN_KINDS),
  label: z.string(),
  subscribed: z.boolean(),
  unlimited: z.boolean(),
  periodEndsOn: z.string().nullable(),
});

/** GET /api/auth/user: the spec's user shape (02 §3). */
export const authUserResponse = z.object({
  id: z.string().nullable(),
  isAuthenticated: z.boolean(),
  email: z.string().nullable(),
  username: z.string().nullable(),
  displayName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  subscriptionId: z.string().nullable(),
  /** 'Free' until a subscription is paid, the account's subscription status after. */
  subscriptionStatus: z.union([z.literal('Free'), z.enum(SUBSCRIPTION_STATUSES)]),
  subscriptionExpiresAt: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  accessLevel: z.enum(['Premium', 'Free']),
  plan: accountPlan,
  /** The billing card's 'Need more AI points?' hint applies (the domain's `needsMorePoints`). */
  needsMorePoints: z.boolean(),
  aiPoints: z.number(),
  remainingFreeUses: z.number(),
  /** May open the Operations and Analytics screens (OPERATOR_EMAILS, or OPS_TOKEN's rules). */
  isOperator: z.boolean(),
});
export type AuthUserResponse = z.infer<typeof authUserResponse>;

/** GET /api/user/points (and /api/user-points). */
export const pointsResponse = z.object({ success, points: z.number(), plan: accountPlan });
export type PointsResponse = z.infer<typeof pointsResponse>;

/**
 * GET /api/public-coupon: the coupon the landing page advertises, and how many AI requests an hour the visitors
 * of one network may make without signing in, whatever pays for them (0: no such limit).
 */
export const publicCouponResponse = z.object({ success, code: z.string(), visitorAiPerHour: z.number().int().nonnegative() });
export type PublicCouponResponse = z.infer<typeof publicCouponResponse>;

/** GET /api/subscription/status (spec 02 §3 "Subscription status response"). */
export const subscriptionStatusResponse = z.object({
  success,
  status: z.enum(['active', 'free_unlimited', 'need_subscription', 'free'] satisfies SubscriptionStatusView[]),
  usageCount: z.number(),
  remainingFreeUses: z.number(),
  plan: accountPlan,
});
export type SubscriptionStatusBody = z.infer<typeof subscriptionStatusResponse>;

/** GET /api/subscription/details. */
export const subscriptionDetailsResponse = z.object({
  success,
  subscription: z.object({
    id: z.string(),
    status: z.enum(SUBSCRIPTION_STATUSES),
    currentPeriodEnd: z.number().nullable(),
    cancelAtPeriodEnd: z.boolean(),
  }),
});
export type SubscriptionDetailsResponse = z.infer<typeof subscriptionDetailsResponse>;

/**
 * POST /api/subscription/create (spec 02 §3 "Create-subscription response"): the PaymentIntent's secret for the
 * Payment Element, and Stripe.js's publishable key (absent when the server has none: no card form can load).
 */
export const createSubscriptionResponse = z.object({
  success,
  clientSecret: z.string(),
  subscriptionId: z.string(),
  message: z.string(),
  publishableKey: z.string().optional(),
  position: z.string(),
});
export type CreateSubscriptionResponse = z.infer<typeof createSubscriptionResponse>;

/** POST /api/subscription/apply-coupon: a Stripe promotion code as a discount on the caller's subscription. */
export const applySubscriptionCouponResponse = z.object({ success, message: z.string() });
export type ApplySubscriptionCouponResponse = z.infer<typeof applySubscriptionCouponResponse>;

/** POST /api/subscription/cancel: `position` is absent when the cancellation was already scheduled. */
export const cancelSubscriptionResponse = z.object({ success, message: z.string(), position: z.string().optional() });
export type CancelSubscriptionResponse = z.infer<typeof cancelSubscriptionResponse>;

/** GET /api/analytics/feedback (operators). */
export const feedbackListResponse = z.object({
  success,
  feedback: z.array(z.object({ id: z.string(), type: z.enum(FEEDBACK_TYPES) }).loose()),
});
export type FeedbackListResponse = z.infer<typeof feedbackListResponse>;

/** GET /api/analytics/stage-funnel (operators). */
export const stageFunnelResponse = z.object({
  success,
  projects: z.number().int(),
  stages: z.array(
    z.object({ stage: z.literal(STAGE_NUMBERS), title: z.string(), reached: z.number().int(), leftWithSkippedValidation: z.number().int() }),
  ),
});
export type StageFunnelResponse = z.infer<typeof stageFunnelResponse>;

const count = z.number().int();
/** The range an analytics answer covers (ISO, `to` exclusive) and the width of its buckets. */
const analyticsRange = { from: z.string(), to: z.string(), bucket: z.enum(['hour', 'day']) };
/** Who answered an AI call: a refund whose reason names no known provider is 'unknown'. */
export const AI_CALL_PROVIDERS = [...AI_PROVIDERS, 'unknown'] as const;
const outcomeCounts = z.object({ succeeded: count, failed: count });
const byProvider = z.record(z.enum(AI_CALL_PROVIDERS), outcomeCounts);

/** GET /api/analytics/ai-calls?from=&to= (operators): every bucket of the range, oldest first, empty ones too. */
export const aiCallsResponse = z.object({
  success,
  ...analyticsRange,
  buckets: z.array(z.object({ start: z.string(), byProvider })),
  totals: byProvider,
  /** Failed calls by the provider's reason (`timeout`, `empty`, …). */
  failures: z.record(z.string(), count),
});
export type AiCallsResponse = z.infer<typeof aiCallsResponse>;

const spendingFigures = {
  /** Points AI requests took, less those refunded. */
  pointsSpent: count,
  pointsGranted: count,
  couponsRedeemed: count,
  /** Points the redeemed coupons added. */
  couponPoints: count,
};
const byChargeMethod = z.record(z.enum(CHARGE_METHODS), count);

/** GET /api/analytics/spending?from=&to= (operators). Coupons by code: the codes are the operators' own. */
export const spendingResponse = z.object({
  success,
  ...analyticsRange,
  buckets: z.array(z.object({ start: z.string(), ...spendingFigures })),
  totals: z.object({
    ...spendingFigures,
    /** AI requests charged, and refunded, by how they were paid. */
    charged: byChargeMethod,
    refunded: byChargeMethod,
    coupons: z.array(z.object({ code: z.string(), kind: z.enum(COUPON_KINDS), redemptions: count, points: count })),
  }),
});
export type SpendingResponse = z.infer<typeof spendingResponse>;

const rankedIdea = z.object({ id: z.string(), title: z.string(), likes: count, views: count, publishedAt: z.string() });
/** GET /api/analytics/top-ideas (operators): published ideas with the most likes and the most views, all time. */
export const topIdeasResponse = z.object({ success, mostLiked: z.array(rankedIdea), mostViewed: z.array(rankedIdea) });
export type TopIdeasResponse = z.infer<typeof topIdeasResponse>;

/** What every AI answer carries besides its payload: whether the offline generator wrote it, and the request id. */
const aiAnswer = { success, offline: z.boolean(), requestId: z.string() };

/** POST /api/generate-parameters (spec 01 §7). */
/** With a project, `position` is where the record (and, with `addToList`, the added values) landed. */
export const generateParametersResponse = z.object({
  ...aiAnswer,
  parameters: z.array(z.string()),
  message: z.string(),
  position: z.string().optional(),
});
export type GenerateParametersResponse = z.infer<typeof generateParametersResponse>;

/**
 * POST /api/generate-technical-report, one call with four uses: the report; `promptOnly` the final prompt with
 * its audit; `auditOnly` the audit; `existingPrompt` + `removeParameters` the modified prompt.
 */
export const technicalReportResponse = z.object({
  ...aiAnswer,
  message: z.string(),
  /** With a guided project, the report or the prompt is in it already: where (X-Min-Position for the next read). */
  position: z.string().optional(),
  report: technicalReportSchema.partial().extend({
    finalPrompt: z.string().optional(),
    parameterAudit: z.object({ incompatibleParameters: z.array(incompatibleParameterSchema) }).optional(),
  }),
});
export type TechnicalReportResponse = z.infer<typeof technicalReportResponse>;

/**
 * POST /api/process-idea-stage: one stage of the idea generation flow; the stage's fields beside its summary.
 * With a project, the results are already in it: `position` is where (X-Min-Position for the next read).
 */
export const ideaStageResponse = z.object({
  ...aiAnswer,
  position: z.string().optional(),
  /** Answered from the project's stored answer to the same question: no play was spent (spec 01 §2 cache). */
  cached: z.boolean().optional(),
  results: z
    .object({ stage: z.enum(FLOW_STAGE_IDS), stageNumber: z.number().int(), iterations: z.number().int(), summary: z.string() })
    .catchall(z.unknown()),
});
export type IdeaStageResponse = z.infer<typeof ideaStageResponse>;

/** POST /api/quick-generate-idea: a whole project (stages 1–5) from a core idea. */
export const quickProjectView = z.object({
  name: z.string(),
  coreIdea: z.string(),
  parameters: z.array(z.string()),
  currentStageIndex: z.number().int(),
  stages: z.array(z.object({ stageNumber: z.number().int(), title: z.string(), data: z.record(z.string(), z.unknown()) })),
});
export type QuickProjectData = z.infer<typeof quickProjectView>;
/** The project the idea was put into (the one named, filled; or the new one made for it) and where it landed. */
export const quickGenerateIdeaResponse = z.object({
  ...aiAnswer,
  message: z.string(),
  projectData: quickProjectView,
  projectId: z.string().optional(),
  position: z.string().optional(),
});
export type QuickGenerateIdeaResponse = z.infer<typeof quickGenerateIdeaResponse>;

/**
 * What `/ws` sends: a change on a subscribed topic, the outcome of a subscription, that the operators' token
 * was accepted, or a refused message.
 */
export const liveMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('changed'), topic: z.string(), position: z.string() }),
  z.object({ type: z.literal('subscribed'), topics: z.array(z.string()), denied: z.array(z.string()) }),
  z.object({ type: z.literal('authenticated'), operator: z.literal(true) }),
  z.object({ type: z.literal('error'), message: z.string() }),
]);
export type LiveMessage = z.infer<typeof liveMessage>;
