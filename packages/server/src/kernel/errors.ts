import type { ValidationMap } from '@railyard/contract';

/**
 * Errors as values with codes, thrown by domain services and turned into the
 * API's response shapes at the HTTP edge. Domain code never builds a response.
 */
export abstract class DomainError extends Error {
  abstract readonly status: 400 | 401 | 403 | 404 | 409 | 422 | 429;
}

/** A missing resource, or one another platform owns: the two must look the same. */
export class NotFound extends DomainError {
  readonly status = 404;
  constructor(what = 'resource') {
    super(`${what} not found`);
  }
}

export class BadRequest extends DomainError {
  readonly status = 400;
}

export class Unauthorized extends DomainError {
  readonly status = 401;
  constructor() {
    super('unauthorized');
  }
}

export class Forbidden extends DomainError {
  readonly status = 403;
  constructor(reason = 'forbidden') {
    super(reason);
  }
}

/** 409; `body` replaces the default `{"error"}` where the API returns the conflicting resource. */
export class Conflict extends DomainError {
  readonly status = 409;
  constructor(
    message: string,
    readonly body?: unknown,
  ) {
    super(message);
  }
}

/** 429: too many requests or failed logins; the HTTP edge sends `Retry-After` with the seconds to wait. */
export class TooManyRequests extends DomainError {
  readonly status = 429;
  constructor(readonly retryAfterSeconds: number) {
    super('too many requests');
  }
}

/** 422 with a per-field map keyed like the request. */
export class ValidationFailed extends DomainError {
  readonly status = 422;
  constructor(readonly fields: ValidationMap) {
    super('validation failed');
  }
}
