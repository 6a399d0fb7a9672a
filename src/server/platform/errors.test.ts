import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toFieldErrors } from '../../domain/errors';
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  PayloadTooLargeError,
  registerErrorHandling,
  TooManyRequestsError,
  UnauthorizedError,
  UnsupportedMediaTypeError,
  ValidationError,
} from './errors';

async function appThrowing(error: Error) {
  const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  app.get('/boom', async () => {
    throw error;
  });
  app.post(
    '/form',
    { schema: { body: z.object({ name: z.string().min(1, 'Name is required') }) } },
    async () => ({}),
  );
  await app.ready();
  return app;
}

describe('error handling', () => {
  it.each([
    [new ValidationError('Bad input.', { name: ['Name is required'] }), 400],
    [new UnauthorizedError(), 401],
    [new ForbiddenError(), 403],
    [new NotFoundError('No such project.'), 404],
    [new ConflictError('Taken.'), 409],
    [new PayloadTooLargeError('Too big.'), 413],
    [new UnsupportedMediaTypeError('Wrong type.'), 415],
    [new TooManyRequestsError(), 429],
  ])('maps %s to %i in the contract form', async (error, status) => {
    const app = await appThrowing(error);
    const res = await app.inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(status);
    const body = res.json();
    expect(body.message).toBe(error.message);
    if (error instanceof ValidationError) expect(body.fieldErrors).toEqual({ name: ['Name is required'] });
    else expect(body).not.toHaveProperty('fieldErrors');
  });

  it('never shows the details of an unexpected error', async () => {
    const app = await appThrowing(new Error('relation "users" does not exist at SELECT * FROM users'));
    const res = await app.inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Something went wrong on our side. Please try again.' });
    expect(res.body).not.toMatch(/SELECT|users|stack/);
  });

  it('turns schema validation into fieldErrors keyed by field', async () => {
    const app = await appThrowing(new Error('unused'));
    const res = await app.inject({ method: 'POST', url: '/form', payload: { name: '' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Name is required', fieldErrors: { name: ['Name is required'] } });
  });

  it('toFieldErrors groups zod issues by path', () => {
    const result = z
      .object({ a: z.string(), b: z.object({ c: z.number() }) })
      .safeParse({ a: 1, b: { c: 'x' } });
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(Object.keys(toFieldErrors(result.error)).sort()).toEqual(['a', 'b.c']);
    }
  });
});
