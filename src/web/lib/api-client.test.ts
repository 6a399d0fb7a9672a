import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiGetOrNull, apiJson, apiRequest } from './api-client';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function jsonResponse(body: unknown, status = 200, statusText = 'OK'): Response {
  return new Response(JSON.stringify(body), {
    status,
    statusText,
    headers: { 'content-type': 'application/json' },
  });
}

describe('apiRequest', () => {
  it('sends a JSON body with its content type, and cookies, when there is a payload', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ ok: true }));
    await apiRequest('POST', '/api/auth/login', { email: 'a@b.test', password: 'x' });
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'a@b.test', password: 'x' }),
      credentials: 'include',
    });
  });

  it('sends neither a body nor a content type without a payload', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await apiRequest('POST', '/api/auth/logout');
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.body).toBeUndefined();
    expect(init?.headers).toEqual({});
    expect(init?.credentials).toBe('include');
  });

  it('turns a non-successful answer into "status: body text"', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ message: 'Invalid email or password' }, 401, 'Unauthorized'));
    const error = await apiRequest('POST', '/api/auth/login', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('401: {"message":"Invalid email or password"}');
    expect((error as ApiError).status).toBe(401);
  });

  it('uses the status text when the body is empty', async () => {
    fetchMock.mockResolvedValue(new Response('', { status: 503, statusText: 'Service Unavailable' }));
    await expect(apiRequest('GET', '/api/health')).rejects.toThrow('503: Service Unavailable');
  });

  it('lets network failures through unchanged', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(apiRequest('GET', '/api/health')).rejects.toThrow(TypeError);
  });
});

describe('apiJson', () => {
  it('parses the JSON answer', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ id: 'u1' }, 201, 'Created'));
    await expect(apiJson('POST', '/api/auth/register', { a: 1 })).resolves.toEqual({ id: 'u1' });
  });

  it('answers undefined for an empty body', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await expect(apiJson('POST', '/api/auth/logout')).resolves.toBeUndefined();
  });
});

describe('apiGetOrNull', () => {
  it('GETs the path with cookies and the signal, and parses JSON', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ id: 'u1' }));
    const signal = new AbortController().signal;
    await expect(apiGetOrNull('/api/auth/user', signal)).resolves.toEqual({ id: 'u1' });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/auth/user');
    expect(init?.credentials).toBe('include');
    expect(init?.signal).toBe(signal);
    expect(init?.method).toBeUndefined();
  });

  it('yields null on 401 (nobody signed in)', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ message: 'Please sign in.' }, 401, 'Unauthorized'));
    await expect(apiGetOrNull('/api/auth/user')).resolves.toBeNull();
  });

  it('throws other failures', async () => {
    fetchMock.mockResolvedValue(new Response('boom', { status: 500, statusText: 'Internal Server Error' }));
    await expect(apiGetOrNull('/api/auth/user')).rejects.toThrow('500: boom');
  });
});
