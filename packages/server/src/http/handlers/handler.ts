import type { z } from 'zod';
import type { ApiVersion, BinaryBody, HeaderSpec, OperationDef } from '@railyard/contract';
import type { Caller } from '../../domain/auth/caller.ts';
import type { Services } from '../../compose/services.ts';

type Out<T> = T extends z.ZodType ? z.output<T> : undefined;

type HeaderSpecsOf<Op extends OperationDef> = Op['request']['headers'] extends readonly HeaderSpec[] ? Op['request']['headers'] : readonly [];
type HeaderValue<H extends HeaderSpec> = H['required'] extends true ? z.output<H['schema']> : z.output<H['schema']> | undefined;

/**
 * The headers an operation declares (`op.request.headers`), by their camelCase
 * field name, parsed by their schema: a required one is always there (the
 * pipeline answers 400 without it). A handler reading a header its operation
 * does not declare does not compile.
 */
export type HeadersOf<Op extends OperationDef> = { [H in HeaderSpecsOf<Op>[number] as H['field']]: HeaderValue<H> };

export interface HandlerInput<Op extends OperationDef> {
  params: Out<Op['request']['params']>;
  query: Out<Op['request']['query']>;
  headers: HeadersOf<Op>;
  body: Out<Op['request']['body']>;
}

export interface RequestContext {
  /** Undefined only for operations whose `auth` is `client` (the OAuth2 endpoints). */
  caller: Caller | undefined;
  /** Basic-auth credentials as sent, for the OAuth2 endpoints. */
  basic: { username: string; password: string } | undefined;
  version: ApiVersion;
  services: Services;
  ip: string;
  origin: string | undefined;
  referer: string | undefined;
  requestID: string;
  /** `http://host:port` as this request reached the server (its Host header), for links it hands out. */
  baseURL: string;
}

export interface HandlerResult {
  /** Defaults to the operation's success status. */
  status?: number;
  body?: unknown;
  /** The body of an operation whose contract declares `response.media` (a PDF, an image), sent as is. */
  binary?: BinaryBody;
  headers?: Record<string, string>;
}

export type Handler<Op extends OperationDef = OperationDef> = (
  input: HandlerInput<Op>,
  ctx: RequestContext,
) => Promise<HandlerResult | undefined | void>;

/** Ties a handler to its operation so its input is typed from the contract. */
export function handle<Op extends OperationDef>(_op: Op, handler: Handler<Op>): Handler {
  return handler as unknown as Handler;
}

/** The caller of an `api` operation; the pipeline guarantees it is present. */
export function callerOf(ctx: RequestContext): Caller {
  if (!ctx.caller) throw new Error('operation needs an authenticated caller');
  return ctx.caller;
}
