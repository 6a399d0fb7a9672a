import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toFieldErrors } from '../../domain/errors';
import { controlCharacterMessage } from '../../domain/text-safety';
import {
  ConflictError,
  ForbiddenError,
  malformedMultipartMessage,
  NotFoundError,
  PayloadTooLargeError,
  registerErrorHandling,
  registerForbiddenTextCheck,
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
  registerForbiddenTextCheck(app);
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

  it('answers a NUL anywhere in the input with 400 and the field path, before the schema', async () => {
    const app = await appThrowing(new Error('unused'));
    const res = await app.inject({
      method: 'POST',
      url: '/form',
      payload: { name: 'a\u0000b', other: [1, 'x\u0001'] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: controlCharacterMessage,
      fieldErrors: { name: [controlCharacterMessage], 'other.1': [controlCharacterMessage] },
    });
    const query = await app.inject({ method: 'GET', url: '/boom?q=%00' });
    expect(query.json().fieldErrors).toEqual({ q: [controlCharacterMessage] });
  });

  it('maps text PostgreSQL cannot store (wrapped by Drizzle) to 400, not 500', async () => {
    for (const code of ['22021', '22P05']) {
      const pgError = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code });
      const app = await appThrowing(new Error('Failed query: insert into ...', { cause: pgError }));
      const res = await app.inject({ method: 'GET', url: '/boom' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: controlCharacterMessage,
        fieldErrors: { _: [controlCharacterMessage] },
      });
    }
  });

  it.each([
    'Multipart: Boundary not found',
    'Unexpected end of multipart data',
    'Part terminated early due to unexpected end of multipart data',
    'The needle cannot have a length bigger than 256.',
  ])('maps the multipart parser error "%s" to 400 on a multipart request', async (message) => {
    const app = await appThrowing(new Error(message));
    const res = await app.inject({
      method: 'GET',
      url: '/boom',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: malformedMultipartMessage });
    // the same words from elsewhere are a server fault, not the client's
    expect((await app.inject({ method: 'GET', url: '/boom' })).statusCode).toBe(500);
  });

  it.each([
    ['FST_PARTS_LIMIT', 413],
    ['FST_FILES_LIMIT', 413],
    ['FST_FIELDS_LIMIT', 413],
    ['FST_PROTO_VIOLATION', 400],
    ['FST_INVALID_JSON_FIELD_ERROR', 400],
    ['FST_MP_PREMATURE_CLOSE', 400],
  ])('maps @fastify/multipart %s to %i with a readable message', async (code, status) => {
    const app = await appThrowing(Object.assign(new Error('reach parts limit'), { code, statusCode: 406 }));
    const res = await app.inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(status);
    expect(res.json().message).not.toMatch(/reach|limit$/);
  });
});
