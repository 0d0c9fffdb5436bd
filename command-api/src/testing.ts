// Test doubles for the services command-api talks to, for tests and harnesses outside the package:
// import them from '@vis/command-api/testing', never from production code.
export * from './ai/testing/fake-gemini.ts';
export * from './payments/testing/fake-stripe.ts';
