import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../helpers/test-context';

/**
 * Issue 26 item 7: /api/openapi.json is a document a client can be generated from. Every
 * operation has a unique operationId, a summary, tags the document defines (with a description)
 * and its security: a requirement of a defined scheme, or `[]` for a public operation. A new route
 * without them fails here (and at start-up: platform/openapi.ts); `npm run lint:openapi` runs
 * Redocly's recommended rules on the same document.
 */

interface Operation {
  operationId?: unknown;
  summary?: unknown;
  tags?: unknown;
  security?: unknown;
}
interface Document {
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
  components?: { securitySchemes?: Record<string, unknown> };
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

let ctx: TestContext;
let doc: Document;
beforeAll(async () => {
  ctx = await createTestContext({ startWorkers: false });
  doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
});
afterAll(async () => {
  await ctx?.close();
});

function operations(): { where: string; op: Operation }[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.has(method))
      .map(([method, op]) => ({ where: `${method.toUpperCase()} ${path}`, op })),
  );
}

describe('/api/openapi.json', () => {
  it('documents the API (more than a hundred operations)', () => {
    expect(operations().length).toBeGreaterThan(100);
  });

  it('defines every tag once, each with a description', () => {
    const names = (doc.tags ?? []).map((t) => t.name);
    expect(new Set(names).size).toBe(names.length);
    const undescribed = (doc.tags ?? []).filter((t) => !t.description?.trim()).map((t) => t.name);
    expect(undescribed).toEqual([]);
  });

  it('gives every operation a unique operationId', () => {
    const ids = operations().map(({ where, op }) => ({ where, id: op.operationId }));
    expect(ids.filter(({ id }) => typeof id !== 'string' || !/^[a-z][A-Za-z0-9]*$/.test(id))).toEqual([]);
    const seen = new Map<unknown, string>();
    const duplicates: string[] = [];
    for (const { where, id } of ids) {
      const other = seen.get(id);
      if (other) duplicates.push(`${String(id)}: ${other} and ${where}`);
      seen.set(id, where);
    }
    expect(duplicates).toEqual([]);
  });

  it('gives every operation a summary and tags the document defines', () => {
    const defined = new Set((doc.tags ?? []).map((t) => t.name));
    const problems = operations().flatMap(({ where, op }) => {
      const out: string[] = [];
      if (typeof op.summary !== 'string' || op.summary.trim() === '') out.push(`${where}: no summary`);
      if (!Array.isArray(op.tags) || op.tags.length === 0) out.push(`${where}: no tags`);
      else for (const tag of op.tags) if (!defined.has(tag)) out.push(`${where}: undefined tag ${tag}`);
      return out;
    });
    expect(problems).toEqual([]);
  });

  it('says the security of every operation: defined schemes, or [] when public', () => {
    const schemes = new Set(Object.keys(doc.components?.securitySchemes ?? {}));
    const problems = operations().flatMap(({ where, op }) => {
      if (!Array.isArray(op.security)) return [`${where}: no security`];
      return (op.security as Record<string, unknown>[])
        .flatMap((requirement) => Object.keys(requirement))
        .filter((scheme) => !schemes.has(scheme))
        .map((scheme) => `${where}: undefined security scheme ${scheme}`);
    });
    expect(problems).toEqual([]);
    // both kinds are there: the sign-in is public, the signed-in user needs the session
    expect(doc.paths['/api/auth/login']?.post?.security).toEqual([]);
    expect(doc.paths['/api/auth/user']?.get?.security).toEqual([{ session: [] }]);
  });
});
