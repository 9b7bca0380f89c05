import * as SCHEMAS from '@visita/domain/contract/endpoint-schemas';
import * as ENDPOINTS from '@visita/domain/contract/endpoints';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { assertDeclaredRoute } from './declared-routes.ts';

const url = `/api${ENDPOINTS.holdBlock.path}`;

describe('routes under /api are their declarations', () => {
  it('accepts a route whose schemas are its declaration’s, with its own tags and texts', () => {
    expect(() =>
      assertDeclaredRoute({ method: 'POST', url, schema: { ...SCHEMAS.holdBlock, tags: ['scheduling'] } }),
    ).not.toThrow();
  });

  it('refuses a route whose body, answers or parameters are not the declaration’s', () => {
    const declared = { ...SCHEMAS.holdBlock };
    expect(() =>
      assertDeclaredRoute({ method: 'POST', url, schema: { ...declared, body: z.object({}) } }),
    ).toThrow(/body schema is not the declaration's \(holdBlock\)/);
    expect(() =>
      assertDeclaredRoute({ method: 'POST', url, schema: { ...declared, response: { 200: z.object({}) } } }),
    ).toThrow(/response schema/);
    expect(() =>
      assertDeclaredRoute({ method: 'POST', url, schema: { ...declared, querystring: z.object({}) } }),
    ).toThrow(/querystring schema/);
    expect(() => assertDeclaredRoute({ method: 'POST', url, schema: {} })).toThrow(/params schema/);
  });

  it('refuses a route under /api that is not declared, or served with another method', () => {
    expect(() => assertDeclaredRoute({ method: 'GET', url: '/api/v2/undeclared/', schema: {} })).toThrow(
      /served but not declared/,
    );
    expect(() => assertDeclaredRoute({ method: 'GET', url, schema: { ...SCHEMAS.holdBlock } })).toThrow(
      /served but not declared/,
    );
  });

  it('leaves alone the pages outside /api and the OpenAPI document', () => {
    expect(() =>
      assertDeclaredRoute({ method: 'GET', url: '/examenes/hemograma', schema: {} }),
    ).not.toThrow();
    expect(() => assertDeclaredRoute({ method: 'GET', url: '/api/docs', schema: {} })).not.toThrow();
  });

  it('declares schemas for exactly the declared endpoints', () => {
    expect(Object.keys(SCHEMAS).sort()).toEqual(Object.keys(ENDPOINTS).sort());
  });
});
