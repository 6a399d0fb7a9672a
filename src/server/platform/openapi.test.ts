import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { operationIdFor, requireDocumentedRoutes } from './openapi';

describe('operationIdFor', () => {
  it('derives a camelCase id from the method and the path, parameters as By<Name>', () => {
    expect(operationIdFor('GET', '/api/health')).toBe('getHealth');
    expect(operationIdFor('POST', '/api/auth/forgot-password')).toBe('postAuthForgotPassword');
    expect(operationIdFor('GET', '/api/projects/:id/files/:fileId/thumbnail')).toBe(
      'getProjectsByIdFilesByFileIdThumbnail',
    );
    expect(operationIdFor('GET', '/api/reports/{reference}.pdf')).toBe('getReportsByReferencePdf');
    expect(operationIdFor('delete', '/api/admin/discount-codes/:code')).toBe(
      'deleteAdminDiscountCodesByCode',
    );
  });
});

describe('requireDocumentedRoutes', () => {
  const app = () => {
    const instance = Fastify();
    requireDocumentedRoutes(instance);
    return instance;
  };

  it('refuses a route without a summary, without tags or with a tag not defined', () => {
    expect(() => app().get('/a', { schema: { tags: ['platform'] } }, async () => 'x')).toThrow(/no summary/);
    expect(() => app().get('/a', async () => 'x')).toThrow(/no summary/);
    expect(() => app().get('/a', { schema: { summary: 'A' } }, async () => 'x')).toThrow(/no tags/);
    expect(() => app().get('/a', { schema: { summary: 'A', tags: ['nope'] } }, async () => 'x')).toThrow(
      /tags not defined in API_TAGS.*nope/,
    );
  });

  it('accepts a documented route and a hidden one', () => {
    const instance = app();
    expect(() =>
      instance.get('/a', { schema: { summary: 'A', tags: ['platform'] } }, async () => 'x'),
    ).not.toThrow();
    expect(() => instance.get('/b', { schema: { hide: true } }, async () => 'x')).not.toThrow();
  });
});
