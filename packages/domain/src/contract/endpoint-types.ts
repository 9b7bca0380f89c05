/**
 * The types of a call, derived from its endpoint's declaration and schemas: what a client sends
 * and what it gets back. Types only: a client importing these carries no zod.
 */
import type { z } from 'zod';
import type * as SCHEMAS from './endpoint-schemas.ts';
import type * as ENDPOINTS from './endpoints.ts';

type Declarations = typeof ENDPOINTS;
type Schemas = typeof SCHEMAS;
export type EndpointName = keyof Declarations & keyof Schemas;

/** The name of the endpoint a declaration is (its method and path are unique). */
export type NameOf<E> = {
  [K in EndpointName]: [Declarations[K]] extends [E] ? ([E] extends [Declarations[K]] ? K : never) : never;
}[EndpointName];

type SchemasOf<E> = Schemas[NameOf<E>];
type Part<E, P extends string> = SchemasOf<E> extends Record<P, infer S extends z.ZodType> ? S : never;

/** The answer of a successful call (its 200, 201, 202 or 204). */
export type AnswerOf<E> = {
  [
    S in keyof SchemasOf<E>['response'] & (200 | 201 | 202 | 204)
  ]: SchemasOf<E>['response'][S] extends z.ZodType ? z.output<SchemasOf<E>['response'][S]> : never;
}[keyof SchemasOf<E>['response'] & (200 | 201 | 202 | 204)];

/** What the call's body may be, or never when it takes none. */
export type BodyOf<E> = [Part<E, 'body'>] extends [never] ? never : z.input<Part<E, 'body'>>;

/** What the call's query may hold (a null value is left out of the URL), or never when it takes none. */
export type QueryOf<E> = [Part<E, 'querystring'>] extends [never]
  ? never
  : { [K in keyof z.input<Part<E, 'querystring'>>]: z.input<Part<E, 'querystring'>>[K] | null };

/** The headers the call declares (beyond the ones every call adds), or never when it declares none. */
export type HeadersOf<E> = [Part<E, 'headers'>] extends [never]
  ? never
  : { [K in keyof z.input<Part<E, 'headers'>> & string]?: z.input<Part<E, 'headers'>>[K] };

/** The ':name' parameters of a path, each a string or a number. */
export type ParamsOf<E> = E extends { path: infer P extends string } ? PathParams<P> : never;
type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? { [K in Name]: string | number } & PathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? { [K in Name]: string | number }
    : Record<never, never>;
