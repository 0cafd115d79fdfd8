import { type Readable } from 'node:stream';
import {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type RawReplyDefaultExpression,
  type RawRequestDefaultExpression,
  type RawServerDefault,
  type RouteHandlerMethod,
  type RouteShorthandOptions,
} from 'fastify';
import {
  ApiPaths,
  type ApiEndpoints,
  type Endpoint,
  type Envelope,
  methodOf,
} from '../../../src/contract/api';
import { ERROR_CODES } from '../../../src/contract/errors';
import { type AnySchema, type SchemaOf } from './json-schema';

/** The names of a path's `:parameters`: `'/:id/pdf'` has `{ id: string }`. */
type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? { [K in Name]: string } & PathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? { [K in Name]: string }
    : Record<never, never>;

/**
 * A query string as it arrives: every field text (the schemas coerce nothing); a field of a
 * union of texts keeps its union, which the query's schema checks with its `enum`.
 */
type WireQuery<Q> = { [K in keyof Q]: Q[K] extends string | undefined ? Q[K] : string };

type IsVoid<T> = [T] extends [void] ? true : false;

/** One call of a contract, as `ApiEndpoints` (member) and `OpsEndpoints` (console) declare it. */
export interface CallShape {
  method: 'GET' | 'POST';
  request: unknown;
  response: unknown;
}

/** What a call answers: the envelope around its `data`, or a file (a PDF, a streamed export). */
type AnswerOf<S extends CallShape> = [S['response']] extends [Uint8Array]
  ? Uint8Array | Readable
  : Envelope<S['response']>;

/** The schema of the `data` of a call's success; none when it answers none or a file. */
type DataSchema<T> =
  IsVoid<T> extends true ? undefined : [T] extends [Uint8Array] ? undefined : SchemaOf<T>;

/** Fastify's route types of a call: the body of a POST, the query of a GET, from the contract. */
type RouteTypes<S extends CallShape, Path extends string> = {
  Params: PathParams<Path>;
  Reply: AnswerOf<S>;
} & (IsVoid<S['request']> extends true
  ? object
  : S['method'] extends 'GET'
    ? { Querystring: WireQuery<S['request']> }
    : { Body: S['request'] });

/** The success envelope around an answer's `data` (none for an endpoint that answers none). */
function successSchema(data?: AnySchema) {
  return {
    type: 'object',
    required: ['status', 'message'],
    properties: {
      status: { type: 'integer', enum: [1] },
      message: { type: 'string' },
      ...(data === undefined ? {} : { data }),
    },
  } as const;
}

/** Every failure: its code (src/contract/errors.ts), its English words, the field at fault. */
export const FAILURE_SCHEMA = {
  type: 'object',
  description: 'A failure: the HTTP status is the code’s (src/contract/errors.ts).',
  required: ['status', 'message', 'code'],
  // The health check's 503 adds `data`; nothing else is dropped from a failure either.
  additionalProperties: true,
  properties: {
    status: { type: 'integer', enum: [0] },
    message: { type: 'string' },
    code: { type: 'string', enum: [...ERROR_CODES] },
    field: { type: 'string', description: 'The wire name of the request field at fault.' },
  },
} as const;

/** An answer that is a success envelope (200) or a coded failure (any other status). */
export function envelopeResponses(data?: AnySchema) {
  return { 200: successSchema(data), default: FAILURE_SCHEMA };
}

/** The request's schemas; those of the parts the endpoint has. */
interface RequestSchemas {
  body?: AnySchema;
  querystring?: AnySchema;
  params?: AnySchema;
}

/** How a call is declared: its summary, its schemas, its options. */
export interface CallSpec<S extends CallShape> extends RequestSchemas {
  /** The document's one-line summary of the call. */
  summary: string;
  tags: readonly string[];
  /** The `data` of a success, typed from the contract; absent when the call answers none. */
  data: DataSchema<S['response']>;
  /** Rate limits, authentication (memberRoute(), preHandler). */
  options?: Omit<RouteShorthandOptions, 'schema'>;
  /** Replaces the envelope's answers, for a call that answers something else (a PDF). */
  responses?: Record<string, AnySchema>;
}

interface RouteSpec<E extends Endpoint, Suffix extends string> extends CallSpec<ApiEndpoints[E]> {
  /** What the route adds after the contract's path, such as `/:payment_id`. */
  suffix?: Suffix;
}

/** A call's handler, typed from the contract; `Path` names its parameters. */
export type CallHandler<S extends CallShape, Path extends string> = (
  request: FastifyRequest<RouteTypes<S, Path>>,
  reply: FastifyReply<RouteTypes<S, Path>>,
) => AnswerOf<S> | FastifyReply | undefined | Promise<AnswerOf<S> | FastifyReply | undefined>;

/** Where a call is: its name in the contract (the operation's id), its method and its URL. */
interface CallAddress {
  name: string;
  method: CallShape['method'];
  url: string;
}

/**
 * One call of a contract: its method and path from the contract, its request and answer types
 * from the contract, and its JSON schemas (which validate the request, serialise the answer and
 * describe both in the OpenAPI document). route() (member) and opsRoute() (console) name it.
 */
export function contractRoute<S extends CallShape, Path extends string>(
  app: FastifyInstance,
  address: CallAddress,
  spec: CallSpec<S>,
  handler: CallHandler<S, Path>,
): void {
  const { body, querystring, params } = spec;
  app.route<RouteTypes<S, Path>>({
    ...spec.options,
    method: address.method,
    url: address.url,
    schema: {
      operationId: address.name,
      summary: spec.summary,
      tags: [...spec.tags],
      ...(body && { body }),
      ...(querystring && { querystring }),
      ...(params && { params }),
      response: spec.responses ?? envelopeResponses(spec.data),
    },
    // Fastify's handler type has no `undefined`: answerWhenReady() answers through the reply and
    // returns nothing, which Fastify allows at run time for a reply already sent.
    handler: handler as RouteHandlerMethod<
      RawServerDefault,
      RawRequestDefaultExpression,
      RawReplyDefaultExpression,
      RouteTypes<S, Path>
    >,
  });
}

/** One call of the member API's contract, `ApiEndpoints` (src/contract/api.ts). */
export function route<E extends Endpoint, Suffix extends string = ''>(
  app: FastifyInstance,
  endpoint: E,
  spec: RouteSpec<E, Suffix>,
  handler: CallHandler<ApiEndpoints[E], Suffix>,
): void {
  const url = `${ApiPaths[endpoint]}${spec.suffix ?? ''}`;
  contractRoute(app, { name: endpoint, method: methodOf(endpoint), url }, spec, handler);
}
