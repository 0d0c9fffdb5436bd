import type { SUBSCRIPTION_PRICE_USD } from '@vis/domain';

/** The monthly price in US dollars (spec 02 §9), typed against the domain's so the two cannot drift apart. */
export const PRICE_USD: typeof SUBSCRIPTION_PRICE_USD = 4;
/** Spec 02 §2.5, §9: Lightning is 5% off. */
export const LIGHTNING_DISCOUNT_PERCENT = 5;
/** Spec 02 §9: the simulated processing before 'Payment initiated'. */
export const SIMULATED_PAYMENT_MS = 1500;
/** Spec 02 §2.5 shows a support address without giving it: a reserved example domain until the operators name one. */
export const SUPPORT_EMAIL = 'support@viral-idea-studio.example';

export const PAYMENT_METHODS = [
  { id: 'lightning', name: 'Lightning', description: 'Bitcoin over the Lightning Network, settled in seconds.', discount: true },
  { id: 'bitcoin', name: 'Bitcoin', description: 'An on-chain BTC payment.', discount: false },
  { id: 'monero', name: 'Monero', description: 'A private XMR payment.', discount: false },
  { id: 'usdt', name: 'USDT', description: 'The Tether stablecoin.', discount: false },
  { id: 'other', name: 'Other', description: 'Another way to pay: we arrange it with you.', discount: false },
] as const;

export type PaymentMethodId = (typeof PAYMENT_METHODS)[number]['id'];

/** Cents, so 5% of $4.00 is exactly $0.20. */
export const priceCents = (method: PaymentMethodId | null) => {
  const full = PRICE_USD * 100;
  const discount = method === 'lightning' ? Math.round((full * LIGHTNING_DISCOUNT_PERCENT) / 100) : 0;
  return { full, discount, total: full - discount };
};

export const formatUsd = (cents: number) => `$${(cents / 100).toFixed(2)}`;
