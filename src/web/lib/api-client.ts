/**
 * A non-successful HTTP answer. Its message is `${status}: ${body text or status text}`,
 * the form every screen expects; `status` and `body` are kept for code that wants them.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly body: string;

  constructor(status: number, body: string, statusText = '') {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

async function throwIfResNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = await res.text().catch(() => '');
  throw new ApiError(res.status, text, res.statusText);
}

/**
 * Calls the API with the session cookie. A JSON body (and its content type) is sent only when
 * there is a payload, with `headers` (an Idempotency-Key). Resolves with the Response when it is successful; throws ApiError otherwise.
 */
export async function apiRequest(
  method: string,
  url: string,
  data?: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  const hasBody = data !== undefined;
  const res = await fetch(url, {
    method,
    headers: hasBody ? { 'Content-Type': 'application/json', ...headers } : headers,
    body: hasBody ? JSON.stringify(data) : undefined,
    credentials: 'include',
  });
  await throwIfResNotOk(res);
  return res;
}

/** apiRequest, then the parsed JSON answer (undefined for an empty answer such as 204). */
export async function apiJson<T>(
  method: string,
  url: string,
  data?: unknown,
  headers?: Record<string, string>,
): Promise<T> {
  const res = await apiRequest(method, url, data, headers);
  const text = await res.text();
  return (text === '' ? undefined : JSON.parse(text)) as T;
}

/** The `rel="next"` path of a Link header (RFC 8288), when it is a path of this site. */
export function nextLinkOf(header: string | null): string | null {
  const match = header ? /<([^>]*)>\s*;\s*rel="?next"?/i.exec(header) : null;
  const target = match?.[1];
  return target?.startsWith('/') && !target.startsWith('//') ? target : null;
}

/**
 * GET a path and parse its JSON, where a 401 means "nobody is signed in" rather than a failure:
 * it yields null (the signed-in user, settings read before sign-in). Other failures throw ApiError.
 */
export async function apiGetOrNull<T>(url: string, signal?: AbortSignal): Promise<T | null> {
  const res = await fetch(url, { credentials: 'include', signal });
  if (res.status === 401) return null;
  await throwIfResNotOk(res);
  return (await res.json()) as T;
}
