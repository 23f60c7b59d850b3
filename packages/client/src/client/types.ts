import type { z } from 'zod';
import type { BinaryBody, FileUploadJson, HeaderSpec, Operation, OperationDef } from '#contract';

/**
 * The client's method types, computed from the registry's literal types: adding
 * an operation to the registry adds a typed method with no hand-written copy.
 */

type Simplify<T> = { [K in keyof T]: T[K] } & {};

/** What a query field accepts: zod's input type, or its output type where the input is
 *  `unknown` (coercions) or a string encoding (`'true'|'false'` for booleans). */
type QueryFieldInput<S> = S extends z.ZodType
  ? unknown extends z.input<S>
    ? z.output<S>
    : z.input<S> | z.output<S>
  : never;

type ObjectInput<S> = S extends z.ZodObject ? z.input<S> : {};

type QueryInput<S> = S extends z.ZodObject
  ? { [K in keyof S['shape']]?: QueryFieldInput<S['shape'][K]> }
  : {};

type HeaderInput<H> = H extends readonly HeaderSpec[]
  ? { [Spec in H[number] as Spec['required'] extends true ? Spec['field'] : never]: string } & {
      [Spec in H[number] as Spec['required'] extends true ? never : Spec['field']]?: string;
    }
  : {};

/** A multipart body's file parts also take a Blob or the JSON form (`{fileName, contentType, contentBase64}`). */
type FilePartsWidened<B> = { [K in keyof B]: NonNullable<B[K]> extends File ? File | Blob | FileUploadJson | Exclude<B[K], File> : B[K] };

type BodyOf<R extends OperationDef['request']> = R['body'] extends z.ZodType
  ? R['multipart'] extends object
    ? FilePartsWidened<z.input<R['body']>>
    : z.input<R['body']>
  : never;

type BodyInput<R extends OperationDef['request']> = R['body'] extends z.ZodType
  ? R['bodyRequired'] extends true
    ? { body: BodyOf<R> }
    : { body?: BodyOf<R> }
  : {};

/** One object: path and query parameters at the top level, declared headers by field name, `body`. */
export type OperationInput<Op extends OperationDef> = Simplify<
  ObjectInput<Op['request']['params']> &
    QueryInput<Op['request']['query']> &
    HeaderInput<Op['request']['headers']> &
    BodyInput<Op['request']>
>;

/** The parsed success body; a `BinaryBody` for a PDF or an image; `void` for operations that answer with no body. */
export type OperationOutput<Op extends OperationDef> = Op['response']['body'] extends z.ZodType
  ? z.output<Op['response']['body']>
  : Op['response'] extends { media: string | readonly string[] }
    ? BinaryBody
    : void;

/** Per-call overrides. */
export interface CallOptions {
  /** Cancels the call (and its retries). */
  signal?: AbortSignal;
  /** Overrides the client's `timeoutMs` for each attempt of this call. */
  timeoutMs?: number;
  /** Overrides the client's maximum attempts; 1 turns retries off for this call. */
  maxAttempts?: number;
}

/** An operation's input may be omitted when it has no required field. */
export type OperationMethod<Op extends OperationDef> = {} extends OperationInput<Op>
  ? (input?: OperationInput<Op>, options?: CallOptions) => Promise<OperationOutput<Op>>
  : (input: OperationInput<Op>, options?: CallOptions) => Promise<OperationOutput<Op>>;

type GroupOf<Id> = Id extends `${infer Group}.${string}` ? Group : never;
type MethodOf<Id> = Id extends `${string}.${infer Method}` ? Method : never;

/** `client.<group>.<method>` for every operation of the registry. */
export type OperationGroups = {
  [Group in GroupOf<Operation['id']>]: {
    [Op in Extract<Operation, { id: `${Group}.${string}` }> as MethodOf<Op['id']>]: OperationMethod<Op>;
  };
};

export type OperationById<Id extends Operation['id']> = Extract<Operation, { id: Id }>;
