/**
 * Typed domain errors. The HTTP layer maps each to a status and the spec's `{ success: false, error, message }`
 * shape in one place (infrastructure/src/http/errors.ts); the domain never knows about HTTP.
 */
export abstract class DomainError extends Error {
  abstract readonly code: string;
  /** The short title the spec shows (`error`); `message` carries the sentence. */
  constructor(
    message: string,
    readonly title: string = message,
  ) {
    super(message);
  }
}

export class ValidationError extends DomainError {
  readonly code = 'validation';
  constructor(
    readonly field: string,
    message: string,
    title = message,
  ) {
    super(message, title);
  }
}

/**
 * A stage failed its completeness check on the way to the next one (spec §4): the dialog lists `issues`
 * ('path: message') and offers 'Go Back & Complete' or 'Continue Anyway'.
 */
export class StageIncompleteError extends ValidationError {
  constructor(
    readonly issues: string[],
    field = 'stage',
  ) {
    super(field, 'Please complete this stage before moving on.', 'Stage incomplete');
  }
}

export class NotFoundError extends DomainError {
  readonly code = 'not_found';
  constructor(
    readonly entity: string,
    readonly id: string,
    message = `${entity[0]?.toUpperCase()}${entity.slice(1)} not found`,
  ) {
    super(message);
  }
}

export class ConflictError extends DomainError {
  readonly code = 'conflict';
}

export const TEXT_CONFLICT_TITLE = 'Changed in another tab';

/**
 * A text edit made on an older revision would overwrite a newer change to the same text (another tab saved it
 * first). Nothing is written; `current` is the stored text and the revision that changed it, so the user can
 * keep either version (keeping theirs is resending with `current.revision` as the base).
 */
export class TextConflictError extends ConflictError {
  constructor(
    readonly field: string,
    readonly current: { value: unknown; revision: number },
  ) {
    super(`${field} was changed in another tab after you started editing it. Keep your version or the other one.`, TEXT_CONFLICT_TITLE);
  }
}

export class PaymentRequiredError extends DomainError {
  readonly code = 'payment_required';
}

export class ForbiddenError extends DomainError {
  readonly code = 'forbidden';
}

export const IDEMPOTENCY_KEY_REUSED_TITLE = 'Idempotency-Key reused with a different request';

/**
 * A command id (an Idempotency-Key) came back with a different request. Answering the first request's result
 * would tell the caller their second request succeeded when nothing of it was done.
 */
export class IdempotencyKeyReusedError extends DomainError {
  readonly code = 'idempotency_key_reused';
  constructor() {
    super(`${IDEMPOTENCY_KEY_REUSED_TITLE}: send a new Idempotency-Key for a new request.`, IDEMPOTENCY_KEY_REUSED_TITLE);
  }
}
