/**
 * The JSON schema of an answer, typed from the contract's type of it: `SchemaOf<T>` names every
 * field of `T` (and no other) with a schema of its type, so a field renamed, added or retyped in
 * the contract fails to compile here until the schema follows. Fastify serialises each answer
 * with its schema (fast-json-stringify), which writes only the fields a schema names; the types
 * keep those the same as the fields the SPA reads.
 */

type Scalar = string | number | boolean;

/** Keys of `T` that may be absent. */
type OptionalKeys<T> = {
  [K in keyof T]-?: object extends Pick<T, K> ? K : never;
}[keyof T];
type RequiredKeys<T> = Exclude<keyof T, OptionalKeys<T>>;

interface Described {
  description?: string;
  format?: string;
  pattern?: string;
  maxLength?: number;
  examples?: readonly unknown[];
}

/**
 * A string field; a union of literals must list them in `enum`, with `null` among them when the
 * field may be null (`Null`): a serialiser choosing between `anyOf` branches checks the enum.
 */
type StringSchema<T extends string, Type, Null> = Described &
  (string extends T ? { type: Type } : { type: Type; enum: readonly (T | Null)[] });

type ScalarSchema<T extends Scalar, Type, Null = never> = [T] extends [string]
  ? StringSchema<T, Type, Null>
  : Described & { type: Type };

type TypeName<T extends Scalar> = [T] extends [string]
  ? 'string'
  : [T] extends [number]
    ? 'number' | 'integer'
    : 'boolean';

/**
 * Any further fields pass through as they are (`additionalProperties: true`): for shapes the
 * portal does not own, such as the WebAuthn options a browser library takes whole.
 */
type OpenObject<T> = Described & {
  type: 'object';
  additionalProperties: true;
  properties?: { [K in Exclude<keyof T, string>]?: never } & Partial<Record<string, AnySchema>>;
  required?: readonly string[];
};

/** A map from names to values of one type (`Record<string, V>`). */
type MapSchema<V> = Described & { type: 'object'; additionalProperties: SchemaOf<V> };

type ClosedObject<T> = Described & {
  type: 'object';
  properties: { [K in keyof T]-?: SchemaOf<Exclude<T[K], undefined>> };
  /** Only fields `T` always holds: the serialiser refuses an answer that lacks a required one. */
  required: readonly RequiredKeys<T>[];
};

type ObjectSchema<T> = string extends keyof T
  ? unknown extends T[string]
    ? OpenObject<T>
    : MapSchema<T[string]>
  : ClosedObject<T>;

type NonNullSchema<T> = [T] extends [Scalar]
  ? ScalarSchema<T, TypeName<T>>
  : T extends readonly (infer U)[]
    ? Described & { type: 'array'; items: SchemaOf<U> }
    : T extends object
      ? ObjectSchema<T>
      : never;

type NullableSchema<T> = [T] extends [Scalar]
  ? ScalarSchema<T, readonly [TypeName<T>, 'null'], null>
  : Described & { anyOf: readonly [NonNullSchema<T>, { type: 'null' }] };

/** The schema of a value of type `T`, as the contract declares it; `unknown` takes any value. */
export type SchemaOf<T> = unknown extends T
  ? Described
  : null extends T
    ? NullableSchema<NonNullable<T>>
    : NonNullSchema<T>;

/** Any schema, untyped: where a route's answer is not in the contract. */
export type AnySchema = object;

/** A schema checked against `T`: `schemaOf<ProfileDto>()({...})`. */
export const schemaOf =
  <T>() =>
  (schema: SchemaOf<T>): SchemaOf<T> =>
    schema;
