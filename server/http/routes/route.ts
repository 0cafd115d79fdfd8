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
  type RequestOf,
  type ResponseOf,
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

/** A query string as it arrives: every field text (the schemas coerce nothing). */
type WireQuery<Q> = { [K in keyof Q]: string };

type IsVoid<T> = [T] extends [void] ? true : false;

/** What an endpoint answers: the envelope around its `data`, or a file's bytes (a receipt PDF). */
type AnswerOf<E extends Endpoint> = [ResponseOf<E>] extends [Uint8Array]
  ? Uint8Array
  : Envelope<ResponseOf<E>>;

/** The schema of the `data` of an endpoint's success; none when it answers none or a file. */
type DataSchema<T> =
  IsVoid<T> extends true ? undefined : [T] extends [Uint8Array] ? undefined : SchemaOf<T>;

/** Fastify's route types of an endpoint: the body of a POST, the query of a GET, from the contract. */
type RouteTypes<E extends Endpoint, Suffix extends string = ''> = {
  Params: PathParams<Suffix>;
  Reply: AnswerOf<E>;
} & (IsVoid<RequestOf<E>> extends true
  ? object
  : ApiEndpoints[E]['method'] extends 'GET'
    ? { Querystring: WireQuery<RequestOf<E>> }
    : { Body: RequestOf<E> });

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

interface RouteSpec<E extends Endpoint, Suffix extends string> extends RequestSchemas {
  /** What the route adds after the contract's path, such as `/:payment_id`. */
  suffix?: Suffix;
  /** The document's one-line summary of the call. */
  summary: string;
  tags: readonly string[];
  /** The `data` of a success, typed from the contract; absent when the endpoint answers none. */
  data: DataSchema<ResponseOf<E>>;
  /** Rate limits, authentication (memberRoute(), preHandler). */
  options?: Omit<RouteShorthandOptions, 'schema'>;
  /** Replaces the envelope's answers, for an endpoint that answers something else (a PDF). */
  responses?: Record<string, AnySchema>;
}

type Handler<E extends Endpoint, Suffix extends string> = (
  request: FastifyRequest<RouteTypes<E, Suffix>>,
  reply: FastifyReply<RouteTypes<E, Suffix>>,
) => AnswerOf<E> | FastifyReply | undefined | Promise<AnswerOf<E> | FastifyReply | undefined>;

/**
 * One call of the contract's `ApiEndpoints`: its method and path from the contract, its request
 * and answer types from the contract, and its JSON schemas (which validate the request, serialise
 * the answer and describe both in the OpenAPI document).
 */
export function route<E extends Endpoint, Suffix extends string = ''>(
  app: FastifyInstance,
  endpoint: E,
  spec: RouteSpec<E, Suffix>,
  handler: Handler<E, Suffix>,
): void {
  const { body, querystring, params } = spec;
  app.route<RouteTypes<E, Suffix>>({
    ...spec.options,
    method: methodOf(endpoint),
    url: `${ApiPaths[endpoint]}${spec.suffix ?? ''}`,
    schema: {
      operationId: endpoint,
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
      RouteTypes<E, Suffix>
    >,
  });
}
