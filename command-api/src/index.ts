export * from './app.ts';
export { paymentsFromConfig, createPaymentsGateway, type PaymentsGateway } from './payments/gateway.ts';
export * from './accounts/accounts.ts';
export * from './accounts/public-coupon.ts';
export { authOptionsFrom, type AuthOptions } from './auth/config.ts';
export { AI_PROCESS_PATH, createAiProcessChannel, type AiOptions, type AiProcessChannel } from './ai/index.ts';
export { projectsOwnedByFrom, type ProjectsOwnedBy } from './projects/adopt-visitor-projects.ts';
export * from './compose.ts';
