import type { z } from 'zod';
import { couponEventSchemas, type CouponEvent } from './account/coupon.ts';
import { accountEventSchemas, type AccountEvent } from './account/events.ts';
import type { DomainEvent } from './decider.ts';
import { feedbackSubmittedSchema, type FeedbackEvent } from './feedback/feedback.ts';
import { ideaEventSchemas, type IdeaEvent } from './marketplace/events.ts';
import { shareLinkEventSchemas, type ShareLinkEvent } from './marketplace/share-link.ts';
import { projectEventSchemas, type ProjectEvent } from './project/events.ts';
import { visitorProjectsEventSchemas, type VisitorProjectsEvent } from './project/visitor-projects.ts';

/** Every event the system writes: a union discriminated on `type`, so narrowing the type narrows `data`. */
export type AnyDomainEvent = ProjectEvent | VisitorProjectsEvent | AccountEvent | CouponEvent | IdeaEvent | ShareLinkEvent | FeedbackEvent;
export type AnyDomainEventType = AnyDomainEvent['type'];
/** The events of some of the types: what a consumer handling only those types is given. */
export type DomainEventOf<T extends AnyDomainEventType> = Extract<AnyDomainEvent, { type: T }>;

/** One schema per event type, each parsing to exactly that type's `data` (the newest schema version). */
export type EventSchemas<E extends DomainEvent> = {
  readonly [T in E['type']]: z.ZodType<Extract<E, { type: T }>['data'], unknown>;
};

/**
 * The one registry of event schemas: the event store parses every event it reads with it (after upcasting), so
 * an event the code cannot understand is reported where it is read rather than cast and folded into garbage.
 */
export const eventSchemas = {
  ...projectEventSchemas,
  ...visitorProjectsEventSchemas,
  ...accountEventSchemas,
  ...couponEventSchemas,
  ...ideaEventSchemas,
  ...shareLinkEventSchemas,
  FeedbackSubmitted: feedbackSubmittedSchema,
} satisfies EventSchemas<AnyDomainEvent>;

export const EVENT_TYPES = Object.keys(eventSchemas) as AnyDomainEventType[];
