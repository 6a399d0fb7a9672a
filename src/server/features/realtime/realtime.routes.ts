import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import type { RealtimeEvent } from '../../../domain/realtime';
import { SESSION_COOKIE } from '../../platform/auth/session-store';
import type { BusMessage } from '../../platform/bus/types';
import { ForbiddenError, TooManyRequestsError, UnauthorizedError } from '../../platform/errors';
import type { Platform } from '../../platform/platform';

/** What the channel needs from the platform (a whole Platform fits). */
export type RealtimeDeps = Pick<Platform, 'sessions' | 'bus' | 'logger' | 'config'>;

/** Close codes the browser acts on (4000-4999 are the application's own). */
export const CLOSE_SESSION_ENDED = 4401;
export const CLOSE_POLICY_VIOLATION = 1008;
export const CLOSE_GOING_AWAY = 1001;

const HEARTBEAT_INTERVAL_MS = 30_000;
/** More sockets than this for one user (tabs, devices) are refused with 429. */
const MAX_SOCKETS_PER_USER = 32;
/** Incoming client messages allowed per socket per minute (the browser pings about twice a minute). */
const MAX_MESSAGES_PER_MINUTE = 120;
/** A client that reads so slowly that this much is queued for it is dropped. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

export interface RealtimeFeatureOptions {
  /** Ping every socket this often; a socket that did not answer the previous ping is dropped. */
  heartbeatIntervalMs?: number;
}

interface Connection {
  socket: WebSocket;
  userId: string;
  sessionId: string;
  /** The cookie token, kept in memory only, to re-check the session on every heartbeat. */
  token: string;
  alive: boolean;
  messages: number;
  windowStart: number;
}

/** Per-process registry userId -> open sockets. */
class SocketRegistry {
  private readonly byUser = new Map<string, Set<Connection>>();

  add(conn: Connection): void {
    let set = this.byUser.get(conn.userId);
    if (!set) {
      set = new Set();
      this.byUser.set(conn.userId, set);
    }
    set.add(conn);
  }

  remove(conn: Connection): void {
    const set = this.byUser.get(conn.userId);
    if (!set) return;
    set.delete(conn);
    if (set.size === 0) this.byUser.delete(conn.userId);
  }

  count(userId: string): number {
    return this.byUser.get(userId)?.size ?? 0;
  }

  of(userId: string): Iterable<Connection> {
    return this.byUser.get(userId) ?? [];
  }

  *all(): Iterable<Connection> {
    for (const set of this.byUser.values()) yield* set;
  }
}

/**
 * Whether a WebSocket handshake comes from this site. A WebSocket is not covered by CORS and the
 * SameSite=Lax cookie is sent on a cross-site handshake, so the Origin header (which browsers always
 * send on a handshake) must name this host. A client without Origin is not a browser: its cookie
 * is its own, so it is not a cross-site vector.
 */
export function isSameSiteHandshake(request: FastifyRequest, publicUrl: string | undefined): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  let originUrl: URL;
  try {
    originUrl = new URL(origin);
  } catch {
    return false; // includes the opaque origin "null"
  }
  if (originUrl.protocol !== 'http:' && originUrl.protocol !== 'https:') return false;
  const hosts = new Set<string>();
  for (const h of [request.headers.host, request.host]) {
    if (!h) continue;
    try {
      // normalise with the origin's scheme, so "example.com:443" equals "https://example.com"
      hosts.add(new URL(`${originUrl.protocol}//${h}`).host);
    } catch {
      // an unparseable Host never matches
    }
  }
  if (publicUrl) {
    try {
      hosts.add(new URL(publicUrl).host);
    } catch {
      // config validated it already
    }
  }
  return hosts.has(originUrl.host);
}

function send(socket: WebSocket, json: string): void {
  if (socket.readyState !== socket.OPEN) return;
  if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
    socket.terminate();
    return;
  }
  socket.send(json);
}

/**
 * GET /ws: the real-time channel. Accepted only for a signed-in, same-site browser; `?userId=`
 * must be the session's user when given. Sends `{type:'connected', userId}` on accept, then every
 * event the bus addresses to this user; answers `{type:'ping'}` with `{type:'pong'}`. A socket
 * whose session ends (logout anywhere, expiry, user removed) is closed with code 4401.
 */
export function realtimeRoutes(deps: RealtimeDeps, opts: RealtimeFeatureOptions = {}): FastifyPluginAsyncZod {
  return async (app) => {
    const log = deps.logger.child({ component: 'realtime' });
    const registry = new SocketRegistry();
    const heartbeatMs = opts.heartbeatIntervalMs ?? HEARTBEAT_INTERVAL_MS;

    const endSession = (conn: Connection) => {
      if (conn.socket.readyState === conn.socket.OPEN || conn.socket.readyState === conn.socket.CONNECTING) {
        conn.socket.close(CLOSE_SESSION_ENDED, 'Session ended');
      }
    };

    /** Closes the socket unless its session is still valid; a database hiccup closes nothing. */
    const revalidate = async (conn: Connection) => {
      let session: Awaited<ReturnType<typeof deps.sessions.resolve>>;
      try {
        session = await deps.sessions.resolve(conn.token);
      } catch (err) {
        log.warn({ err }, 'realtime: could not re-check a session');
        return;
      }
      if (!session || session.sessionId !== conn.sessionId || session.user.id !== conn.userId)
        endSession(conn);
    };

    const onBusMessage = (message: BusMessage) => {
      switch (message.kind) {
        case 'realtime': {
          const json = JSON.stringify(message.event);
          for (const userId of new Set(message.userIds)) {
            for (const conn of registry.of(userId)) send(conn.socket, json);
          }
          return;
        }
        case 'sessions_revoked': {
          const ids = new Set(message.sessionIds);
          for (const conn of registry.all()) if (ids.has(conn.sessionId)) endSession(conn);
          return;
        }
        case 'user_changed': {
          // the session store has dropped its cached copies already: re-read from the database
          for (const conn of registry.of(message.userId)) void revalidate(conn);
          return;
        }
      }
    };
    const unsubscribe = deps.bus.subscribe(onBusMessage);

    const heartbeat = setInterval(() => {
      for (const conn of registry.all()) {
        if (!conn.alive) {
          log.debug({ userId: conn.userId }, 'realtime: dropping a socket that missed its heartbeat');
          conn.socket.terminate();
          continue;
        }
        conn.alive = false;
        try {
          conn.socket.ping();
        } catch {
          conn.socket.terminate();
          continue;
        }
        void revalidate(conn);
      }
    }, heartbeatMs);
    heartbeat.unref();

    app.addHook('preClose', async () => {
      for (const conn of registry.all()) conn.socket.close(CLOSE_GOING_AWAY, 'Server shutting down');
    });
    app.addHook('onClose', async () => {
      clearInterval(heartbeat);
      unsubscribe();
    });

    app.get(
      '/ws',
      {
        websocket: true,
        schema: {
          hide: true,
          querystring: z.object({ userId: z.string().max(100).optional() }),
        },
        onRequest: async (request) => {
          if (!isSameSiteHandshake(request, deps.config.publicUrl)) {
            throw new ForbiddenError('Cross-site WebSocket connection refused.');
          }
          if (!request.auth) throw new UnauthorizedError();
        },
        preHandler: async (request) => {
          const auth = request.auth;
          if (!auth) throw new UnauthorizedError();
          const { userId } = request.query;
          if (userId !== undefined && userId !== auth.user.id) {
            throw new ForbiddenError('This connection belongs to another user.');
          }
          if (registry.count(auth.user.id) >= MAX_SOCKETS_PER_USER) {
            throw new TooManyRequestsError('Too many open connections. Close a few tabs and try again.');
          }
        },
      },
      (socket, request) => {
        const auth = request.auth;
        const token = request.cookies[SESSION_COOKIE];
        if (!auth || !token) {
          socket.close(CLOSE_SESSION_ENDED, 'Session ended');
          return;
        }
        const conn: Connection = {
          socket,
          userId: auth.user.id,
          sessionId: auth.sessionId,
          token,
          alive: true,
          messages: 0,
          windowStart: Date.now(),
        };
        registry.add(conn);

        socket.on('close', () => registry.remove(conn));
        socket.on('pong', () => {
          conn.alive = true;
        });
        socket.on('message', (data, isBinary) => {
          conn.alive = true;
          const now = Date.now();
          if (now - conn.windowStart > 60_000) {
            conn.windowStart = now;
            conn.messages = 0;
          }
          if (++conn.messages > MAX_MESSAGES_PER_MINUTE) {
            log.info({ userId: conn.userId }, 'realtime: closing a socket that sends too much');
            socket.close(CLOSE_POLICY_VIOLATION, 'Too many messages');
            return;
          }
          let parsed: unknown;
          try {
            parsed = isBinary ? undefined : JSON.parse(data.toString());
          } catch {
            parsed = undefined;
          }
          if (parsed && typeof parsed === 'object' && (parsed as { type?: unknown }).type === 'ping') {
            send(socket, JSON.stringify({ type: 'pong' }));
            return;
          }
          log.debug(
            { userId: conn.userId, binary: isBinary },
            'realtime: ignored an unexpected client message',
          );
        });

        const connected: RealtimeEvent = { type: 'connected', userId: conn.userId };
        send(socket, JSON.stringify(connected));
        // a logout between the handshake and this point published before we were listening
        void revalidate(conn);
      },
    );
  };
}
