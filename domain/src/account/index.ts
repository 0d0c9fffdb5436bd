export * from './commands.ts';
export * from './constants.ts';
export * from './coupon-code.ts';
export * from './coupon.ts';
export * from './decide.ts';
export * from './events.ts';
export * from './state.ts';
export * from './status.ts';
