import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerErrorHandling } from '../errors';
import { requireSessionWhereDeclared } from './guards';

async function app() {
  const a = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  a.setValidatorCompiler(validatorCompiler);
  a.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(a);
  a.decorateRequest('auth', null);
  requireSessionWhereDeclared(a);
  const body = z.object({ name: z.string().min(1) });
  await a.register(async (child) => {
    child.post('/declared', { schema: { security: [{ session: [] }], body } }, async () => ({}));
    child.post('/public', { schema: { body } }, async () => ({}));
  });
  await a.ready();
  return a;
}

describe('requireSessionWhereDeclared', () => {
  it('refuses a signed-out call to a route declaring security with 401 before reading its body', async () => {
    const a = await app();
    for (const payload of ['{"broken": ', '{"name": 5}', '{}']) {
      const res = await a.inject({
        method: 'POST',
        url: '/declared',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode).toBe(401);
    }
  });

  it('leaves routes without a security declaration to their schema', async () => {
    const a = await app();
    const res = await a.inject({ method: 'POST', url: '/public', payload: { name: '' } });
    expect(res.statusCode).toBe(400);
  });
});
