import type { IncomingMessage } from 'node:http';
import { accountIdSchema, DomainError, type CommandMetadata } from '@vis/domain';
import type { Logger } from '@vis/infrastructure';
import type { Context, Middleware } from 'koa';
import type Stripe from 'stripe';
import type { Accounts } from '../accounts/accounts.ts';
import { idOf, isMissingAtStripe, paidPeriodEndOf, periodEndOf, type PaymentsGateway } from './gateway.ts';
import { INVALID_WEBHOOK_SIGNATURE, WEBHOOK_NOT_CONFIGURED } from './messages.ts';

export const STRIPE_WEBHOOK_PATH = '/api/stripe/webhook';
const MAX_WEBHOOK_BYTES = 1024 * 1024;
/** Who asks, in the metadata of commands a webhook causes. */
const STRIPE_ACTOR = 'stripe';

export interface StripeWebhookDeps {
  accounts: Accounts;
  payments: PaymentsGateway | undefined;
  logger: Logger;
  clock: () => Date;
}

type WebhookCommand =
  | { type: 'ActivateSubscription'; data: { subscriptionId: string; currentPeriodEnd: number; stripeEventId: string } }
  | { type: 'ScheduleCancellation'; data: { subscriptionId: string; cancelAt: number; stripeEventId: string } }
  | { type: 'EndSubscription'; data: { subscriptionId: string; stripeEventId: string } };

/** What a Stripe event means for an account, or why it means nothing. */
type Interpretation = { accountId: string | undefined; command: WebhookCommand } | { ignored: string };

/**
 * The signature covers the exact bytes Stripe sent, so this runs before the JSON body parser (and before the
 * session: Stripe has no cookie, and must not be given one).
 */
const readRawBody = async (ctx: Context): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req as IncomingMessage & AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_WEBHOOK_BYTES) ctx.throw(413, 'Request body is larger than 1 MB');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
};

/** Stripe events the account acts on; the subscription's metadata names the account (set when it was created). */
const interpret = async (event: Stripe.Event, payments: PaymentsGateway): Promise<Interpretation> => {
  switch (event.type) {
    case 'invoice.paid': {
      const invoice = event.data.object;
      const details = invoice.parent?.subscription_details;
      if (!details) return { ignored: 'not a subscription invoice' };
      const subscriptionId = idOf(details.subscription);
      let accountId = details.metadata?.accountId ?? (typeof details.subscription === 'object' ? details.subscription.metadata.accountId : undefined);
      let currentPeriodEnd = paidPeriodEndOf(invoice);
      // Older invoices carry no metadata snapshot: the subscription itself still has it.
      if (accountId === undefined || currentPeriodEnd === undefined) {
        const facts = await payments.subscriptionFacts(subscriptionId);
        accountId ??= facts.accountId;
        currentPeriodEnd ??= facts.currentPeriodEnd;
      }
      if (currentPeriodEnd === undefined) return { ignored: 'no paid period on the invoice or its subscription' };
      return { accountId, command: { type: 'ActivateSubscription', data: { subscriptionId, currentPeriodEnd, stripeEventId: event.id } } };
    }
    case 'customer.subscription.updated': {
      const subscription = event.data.object;
      if (!subscription.cancel_at_period_end) return { ignored: 'no cancellation at period end' };
      const cancelAt = subscription.cancel_at ?? periodEndOf(subscription);
      if (cancelAt === undefined) return { ignored: 'no period end on the subscription' };
      return {
        accountId: subscription.metadata.accountId,
        command: { type: 'ScheduleCancellation', data: { subscriptionId: subscription.id, cancelAt, stripeEventId: event.id } },
      };
    }
    case 'customer.subscription.deleted': {
      const subscription = event.data.object;
      return {
        accountId: subscription.metadata.accountId,
        command: { type: 'EndSubscription', data: { subscriptionId: subscription.id, stripeEventId: event.id } },
      };
    }
    default:
      return { ignored: `event type ${event.type} is not used` };
  }
};

/**
 * `POST /api/stripe/webhook`: verified against STRIPE_WEBHOOK_SECRET on the raw body, then one command on the
 * account named by the subscription's metadata, or on the user's it moved to when a visitor signed in. The account remembers Stripe event ids (and the command id is
 * the event id), so a redelivered event changes nothing.
 *
 * Stripe retries anything but a 2xx for days, so an event that can never apply (no account in its metadata, a
 * subscription the account no longer has) is answered 200 and logged. Only a failure on our side (the store)
 * answers 5xx, for Stripe to try again.
 */
export const stripeWebhook = ({ accounts, payments, logger, clock }: StripeWebhookDeps): Middleware => {
  const verify = payments?.verifyWebhook;
  return async (ctx, next) => {
    if (ctx.path !== STRIPE_WEBHOOK_PATH) {
      await next();
      return;
    }
    if (ctx.method !== 'POST') {
      ctx.status = 405;
      ctx.set('Allow', 'POST');
      return;
    }
    if (!payments || !verify) {
      ctx.status = 503;
      ctx.body = WEBHOOK_NOT_CONFIGURED;
      return;
    }
    const payload = await readRawBody(ctx);
    const signature = ctx.get('stripe-signature');
    let event: Stripe.Event;
    try {
      if (!signature) throw new Error('no Stripe-Signature header');
      event = verify(payload, signature);
    } catch (error) {
      // Only the reason: Stripe's error carries the whole payload and header.
      logger.warn({ reason: error instanceof Error ? error.message : String(error) }, 'Stripe webhook refused: signature missing or wrong');
      ctx.status = 400;
      ctx.body = INVALID_WEBHOOK_SIGNATURE;
      return;
    }

    const log = { stripeEventId: event.id, stripeEventType: event.type };
    const interpretation = await interpret(event, payments).catch((error: unknown) => {
      if (isMissingAtStripe(error)) return { ignored: 'the subscription is unknown to Stripe' };
      throw error;
    });
    if ('ignored' in interpretation) {
      ctx.body = { received: true, outcome: 'ignored' };
      return;
    }
    const { command } = interpretation;
    const account = accountIdSchema.safeParse(interpretation.accountId);
    if (!account.success) {
      logger.warn(
        { ...log, accountId: interpretation.accountId, subscriptionId: command.data.subscriptionId },
        'Stripe webhook for no known account: ignored',
      );
      ctx.body = { received: true, outcome: 'ignored' };
      return;
    }
    const accountId = await accounts.holderOf(account.data, command.data.subscriptionId);
    const metadata: CommandMetadata = { commandId: `stripe-event:${event.id}`, actorId: STRIPE_ACTOR, now: clock().toISOString() };
    try {
      const result = await accounts.execute(command.type, accountId, command.data, metadata);
      const outcome = result.repeated || result.events.length === 0 ? 'unchanged' : 'applied';
      logger.info({ ...log, accountId, command: command.type, outcome }, 'Stripe webhook handled');
      ctx.body = { received: true, outcome };
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      logger.warn({ ...log, accountId, command: command.type, reason: error.message }, 'Stripe webhook does not apply to the account: ignored');
      ctx.body = { received: true, outcome: 'ignored' };
    }
  };
};
