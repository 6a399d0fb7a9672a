import type { FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorResponse } from '../../domain/errors';
import { controlCharacterMessage, findForbiddenText } from '../../domain/text-safety';
import type { AnyFastify } from './fastify-types';

/** Typed errors that services throw; one handler maps them to the contract's JSON. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly fieldErrors?: Record<string, string[]>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}
export class ValidationError extends AppError {
  constructor(message: string, fieldErrors?: Record<string, string[]>) {
    super(400, message, fieldErrors);
  }
}
export class UnauthorizedError extends AppError {
  constructor(message = 'Please sign in to continue.') {
    super(401, message);
  }
}
export class ForbiddenError extends AppError {
  constructor(message = 'You do not have permission to do that.') {
    super(403, message);
  }
}
export class NotFoundError extends AppError {
  constructor(message = 'Not found.') {
    super(404, message);
  }
}
export class ConflictError extends AppError {
  constructor(message: string) {
    super(409, message);
  }
}
export class PayloadTooLargeError extends AppError {
  constructor(message: string) {
    super(413, message);
  }
}
export class UnsupportedMediaTypeError extends AppError {
  constructor(message: string) {
    super(415, message);
  }
}
export class TooManyRequestsError extends AppError {
  constructor(message = 'Too many attempts. Please wait a few minutes and try again.') {
    super(429, message);
  }
}

function fieldErrorsFromValidation(error: FastifyError): Record<string, string[]> | undefined {
  if (!hasZodFastifySchemaValidationErrors(error)) return undefined;
  const out: Record<string, string[]> = {};
  for (const issue of error.validation) {
    const raw = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
    const key =
      raw === '' ? ((issue.params as { issue?: { path?: unknown[] } })?.issue?.path?.join('.') ?? '_') : raw;
    const list = out[key || '_'] ?? [];
    list.push(issue.message ?? 'Invalid value');
    out[key || '_'] = list;
  }
  return out;
}

/** Client errors Fastify raises itself, with a sentence a person can read. */
const FASTIFY_MESSAGES: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'The request body is not valid JSON.'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'The request body is empty; send a JSON object.'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'The request body is too large.'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'This content type is not accepted here.'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'The request body does not match its Content-Length.'],
  FST_REQ_FILE_TOO_LARGE: [413, 'The uploaded file is too large.'],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [415, 'Send the file as multipart/form-data.'],
  FST_PARTS_LIMIT: [413, 'The form has too many parts. Send only the fields and the file it asks for.'],
  FST_FILES_LIMIT: [413, 'The form has too many files. Send one file.'],
  FST_FIELDS_LIMIT: [413, 'The form has too many fields. Send only the fields it asks for.'],
  FST_PROTO_VIOLATION: [400, 'A form field has a name that is not allowed.'],
  FST_INVALID_JSON_FIELD_ERROR: [400, 'A form field sent as JSON is not valid JSON.'],
  FST_MP_PREMATURE_CLOSE: [400, 'The upload ended before it was complete. Please try again.'],
  FST_ERR_VALIDATION: [400, 'Some fields are not valid.'],
};

/**
 * Refuses, for every route present and future, a body, query string or path parameter holding a
 * character no field may store (NUL, other C0 controls, lone surrogates: see domain/text-safety),
 * at any depth and in object keys, with the field paths named. Runs in preValidation: after the
 * route's onRequest guards (a signed-out caller still gets 401/403), before the schema.
 */
export function registerForbiddenTextCheck(app: AnyFastify): void {
  app.addHook('preValidation', async (request) => {
    const found = [
      ...findForbiddenText(request.body),
      ...findForbiddenText(request.query),
      ...findForbiddenText(request.params),
    ];
    if (found.length === 0) return;
    throw new ValidationError(
      controlCharacterMessage,
      Object.fromEntries(found.map((field) => [field, [controlCharacterMessage]])),
    );
  });
}

/**
 * SQLSTATEs of text PostgreSQL cannot store: 22021 invalid byte sequence (a NUL in text), 22P05
 * untranslatable character (`\u0000` in jsonb). The edge check above refuses such input first;
 * this is the backstop for text that reaches the database another way (a multipart file name, a
 * parsed upload), so it answers 400 and not 500.
 */
const UNSTORABLE_TEXT_CODES = new Set(['22021', '22P05']);

function isUnstorableTextError(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && UNSTORABLE_TEXT_CODES.has(code)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * The multipart parser (busboy, under @fastify/multipart) throws plain errors without a code for
 * a body that is not well-formed: no or a wrong boundary, a boundary over 256 characters, a body
 * cut short. They are the client's fault, so they are told apart by their (stable) messages.
 */
const MALFORMED_MULTIPART =
  /^(Multipart: Boundary not found|Boundary required|Unexpected end of multipart data|.* terminated early due to unexpected end of multipart data|The needle .*|Malformed .*)$/;
export const malformedMultipartMessage =
  'The upload is not a well-formed multipart/form-data body. Please choose the file and send it again.';

function isMalformedMultipart(error: FastifyError, contentType: string | undefined): boolean {
  return (
    error.code === undefined &&
    error.statusCode === undefined &&
    /^multipart\//i.test(contentType ?? '') &&
    MALFORMED_MULTIPART.test(error.message)
  );
}

/**
 * The order calls of spec 1 (quotes, payments) name the message of an error answer `error`: in the
 * plugin that calls this, every JSON error answer also carries its `message` as `error`.
 */
export function registerErrorFieldCopy(app: AnyFastify): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.statusCode < 400 || typeof payload !== 'string' || !payload.startsWith('{')) return payload;
    try {
      const body = JSON.parse(payload) as { message?: unknown; error?: unknown };
      if (typeof body.message === 'string' && body.error === undefined) {
        return JSON.stringify({ ...body, error: body.message });
      }
    } catch {
      // not JSON: sent as it is
    }
    return payload;
  });
}

export function registerErrorHandling(app: AnyFastify): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    let status = 500;
    let body: ErrorResponse = { message: 'Something went wrong on our side. Please try again.' };

    if (isUnstorableTextError(error)) {
      status = 400;
      body = { message: controlCharacterMessage, fieldErrors: { _: [controlCharacterMessage] } };
    } else if (error instanceof AppError) {
      status = error.statusCode;
      body = { message: error.message, ...(error.fieldErrors ? { fieldErrors: error.fieldErrors } : {}) };
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      status = 400;
      const fieldErrors = fieldErrorsFromValidation(error);
      const first = fieldErrors ? Object.values(fieldErrors)[0]?.[0] : undefined;
      body = { message: first ?? 'Some fields are not valid.', fieldErrors };
    } else if (isMalformedMultipart(error, request.headers['content-type'])) {
      status = 400;
      body = { message: malformedMultipartMessage };
    } else if (isResponseSerializationError(error)) {
      status = 500;
    } else if (error.code && FASTIFY_MESSAGES[error.code]) {
      const [s, m] = FASTIFY_MESSAGES[error.code] as [number, string];
      status = s;
      body = { message: m };
    } else if (error.statusCode === 429) {
      status = 429;
      body = { message: 'Too many attempts. Please wait a few minutes and try again.' };
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      status = error.statusCode;
      body = { message: error.message };
    }

    if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ status, code: error.code }, body.message);
    if (
      status === 429 &&
      error instanceof TooManyRequestsError === false &&
      !reply.getHeader('retry-after')
    ) {
      reply.header('retry-after', '60');
    }
    return reply.status(status).send(body);
  });
}
