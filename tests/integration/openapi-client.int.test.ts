import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import createClient from 'openapi-fetch';
import { generateTypes } from 'ridgeline-openapi-codegen';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../helpers/test-context';

/**
 * Issue 26 item 7: a client generated from /api/openapi.json alone (openapi-typescript's types,
 * openapi-fetch's calls) typechecks and calls a real server. The snippet below is written beside
 * the generated types and compiled with the project's tsc: a wrong path or a wrong field type
 * is a compile error there (the @ts-expect-error lines prove the types are not `any`).
 */

const repoRoot = path.resolve(import.meta.dirname, '../..');

const CLIENT_SNIPPET = `
import type { Client } from 'openapi-fetch';
import type { paths } from './schema';

export async function readStripeConfig(client: Client<paths>) {
  const { data, error, response } = await client.GET('/api/stripe-config');
  if (!data) throw new Error(\`GET /api/stripe-config answered \${response.status}: \${JSON.stringify(error)}\`);
  const mode: 'sandbox' | 'stripe' = data.mode;
  const publishableKey: string | null = data.publishableKey;
  return { mode, publishableKey };
}

export async function validateDiscount(client: Client<paths>, code: string) {
  const { data, error, response } = await client.POST('/api/validate-discount', { body: { code } });
  if (data) return { status: response.status, valid: data.valid, message: data.message };
  const fieldErrors: Record<string, string[]> | undefined = error.fieldErrors;
  return { status: response.status, message: error.message, fieldErrors };
}

export function neverCalled(client: Client<paths>) {
  // @ts-expect-error the document has no such path
  void client.GET('/api/no-such-path');
  // @ts-expect-error the body needs a code
  void client.POST('/api/validate-discount', { body: {} });
  return async () => {
    const { data } = await client.GET('/api/stripe-config');
    // @ts-expect-error mode is 'sandbox' | 'stripe'
    const mode: number | undefined = data?.mode;
    return mode;
  };
}
`;

type Snippet = {
  readStripeConfig(client: unknown): Promise<{ mode: string; publishableKey: string | null }>;
  validateDiscount(
    client: unknown,
    code: string,
  ): Promise<{ status: number; valid?: boolean; message: string; fieldErrors?: Record<string, string[]> }>;
};

let ctx: TestContext;
let dir: string;
let baseUrl: string;
beforeAll(async () => {
  ctx = await createTestContext({ startWorkers: false });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  // inside the repository, so the snippet's imports resolve to its node_modules
  mkdirSync(path.join(repoRoot, 'test-results'), { recursive: true });
  dir = mkdtempSync(path.join(repoRoot, 'test-results', 'openapi-client-'));
});
afterAll(async () => {
  await ctx?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('a client generated from /api/openapi.json', () => {
  it('generates, typechecks and calls public operations of a real server', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const types = await generateTypes(doc);
    expect(types).toContain('export interface paths');
    writeFileSync(path.join(dir, 'schema.d.ts'), types);
    writeFileSync(path.join(dir, 'client.ts'), CLIENT_SNIPPET);

    const compilerOptions = {
      noEmit: true,
      strict: true,
      skipLibCheck: true,
      target: 'es2022',
      lib: ['es2022', 'dom'],
      module: 'preserve',
      moduleResolution: 'bundler',
      types: [],
    };
    writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['client.ts'] }));
    const tsc = path.join(repoRoot, 'node_modules', '.bin', 'tsc');
    const compiled = await promisify(execFile)(tsc, ['-p', dir]).then(
      () => '',
      (err: { stdout?: string; stderr?: string }) => `${err.stdout ?? ''}${err.stderr ?? ''}`,
    );
    expect(compiled).toBe('');

    const snippet = (await import(path.join(dir, 'client.ts'))) as Snippet;
    const client = createClient({ baseUrl });
    // the test configuration has no Stripe keys: the sandbox
    expect(await snippet.readStripeConfig(client)).toEqual({ mode: 'sandbox', publishableKey: null });
    expect(await snippet.validateDiscount(client, 'NO-SUCH-CODE')).toMatchObject({
      status: 200,
      valid: false,
    });
    const refused = await snippet.validateDiscount(client, 'X'.repeat(41));
    expect(refused.status).toBe(400);
    expect(refused.fieldErrors?.code?.length).toBeGreaterThan(0);
  });
});
