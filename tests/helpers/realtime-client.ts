import WebSocket from 'ws';

/** A test client of /ws that records what it receives and how it closed. */
export interface TestSocket {
  ws: WebSocket;
  /** Parsed JSON messages, in order. */
  messages: unknown[];
  /** Resolves with the close code once the socket closes. */
  closed: Promise<number>;
  /** The next message (after those already taken), waiting up to timeoutMs. */
  next(timeoutMs?: number): Promise<unknown>;
  send(value: unknown): void;
  close(): void;
}

export class HandshakeRefused extends Error {
  constructor(readonly status: number) {
    super(`WebSocket handshake refused with HTTP ${status}`);
  }
}

/** Opens a socket; rejects with HandshakeRefused(status) when the server answers the upgrade with an HTTP error. */
export function openTestSocket(url: string, headers: Record<string, string> = {}): Promise<TestSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    const messages: unknown[] = [];
    let taken = 0;
    const waiters: Array<() => void> = [];
    let closeCode: number | null = null;
    const closed = new Promise<number>((res) => {
      ws.on('close', (code) => {
        closeCode = code;
        res(code);
        for (const w of waiters.splice(0)) w();
      });
    });
    ws.on('message', (data) => {
      let value: unknown;
      try {
        value = JSON.parse(String(data));
      } catch {
        value = String(data);
      }
      messages.push(value);
      for (const w of waiters.splice(0)) w();
    });
    ws.on('unexpected-response', (_req, res) => {
      reject(new HandshakeRefused(res.statusCode ?? 0));
      res.resume();
      ws.terminate();
    });
    ws.on('error', (err) => reject(err));
    ws.on('open', () => {
      const socket: TestSocket = {
        ws,
        messages,
        closed,
        next(timeoutMs = 5000) {
          return new Promise((res, rej) => {
            const timer = setTimeout(() => rej(new Error(`no message within ${timeoutMs} ms`)), timeoutMs);
            const check = () => {
              if (taken < messages.length) {
                clearTimeout(timer);
                res(messages[taken++]);
              } else if (closeCode !== null) {
                clearTimeout(timer);
                rej(new Error(`socket closed (${closeCode}) while waiting for a message`));
              } else {
                waiters.push(check);
              }
            };
            check();
          });
        },
        send(value) {
          ws.send(typeof value === 'string' ? value : JSON.stringify(value));
        },
        close() {
          ws.close();
        },
      };
      resolve(socket);
    });
  });
}

/** The HTTP status the handshake was refused with (throws when the socket opened instead). */
export async function refusedStatus(url: string, headers: Record<string, string> = {}): Promise<number> {
  try {
    const socket = await openTestSocket(url, headers);
    socket.close();
  } catch (err) {
    if (err instanceof HandshakeRefused) return err.status;
    throw err;
  }
  throw new Error('the handshake was accepted');
}

/** Resolves with the close code, or rejects when the socket is still open after timeoutMs. */
export function closeCodeWithin(socket: TestSocket, timeoutMs = 5000): Promise<number> {
  return Promise.race([
    socket.closed,
    new Promise<number>((_, rej) =>
      setTimeout(() => rej(new Error(`still open after ${timeoutMs} ms`)), timeoutMs),
    ),
  ]);
}

/** Opens a signed-in socket on `${wsBase}/ws` and waits for its `connected` event. */
export async function openConnectedSocket(wsBase: string, cookie: string): Promise<TestSocket> {
  const socket = await openTestSocket(`${wsBase}/ws`, { cookie });
  const first = (await socket.next()) as { type?: string };
  if (first.type !== 'connected') throw new Error(`expected 'connected' first, got ${JSON.stringify(first)}`);
  return socket;
}

/** The next event on `socket` whose fields match `match`, skipping others (events of other tests). */
export async function nextEventMatching(
  socket: TestSocket,
  match: Record<string, unknown>,
  timeoutMs = 5000,
): Promise<Record<string, unknown>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const left = deadline - Date.now();
    if (left <= 0) throw new Error(`no event ${JSON.stringify(match)} within ${timeoutMs} ms`);
    const event = (await socket.next(left)) as Record<string, unknown>;
    if (Object.entries(match).every(([k, v]) => event[k] === v)) return event;
  }
}
