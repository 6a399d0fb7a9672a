import { type RealtimeEvent, realtimeEventSchema } from '../../domain/realtime';

/**
 * The browser half of the real-time channel, without React: one WebSocket to /ws that comes back
 * after a drop (exponential backoff with jitter), parses events with the domain schema and hands
 * them to a callback. `use-realtime.ts` wraps it in a hook.
 */

export type RealtimeStatus = 'connecting' | 'open' | 'closed';

/** The part of the browser's WebSocket this class uses (a fake one stands in for it in tests). */
export interface WebSocketLike {
  readonly readyState: number;
  onopen: ((ev: unknown) => void) | null;
  onclose: ((ev: { code: number; reason?: string }) => void) | null;
  onerror: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export type WebSocketFactory = (url: string) => WebSocketLike;

export interface RealtimeConnectionOptions {
  url: string;
  onEvent?: (event: RealtimeEvent) => void;
  onStatus?: (status: RealtimeStatus) => void;
  /** The server closed the socket because the session ended (code 4401); no reconnect follows. */
  onSessionEnded?: () => void;
  /** Defaults to the browser's WebSocket. */
  createSocket?: WebSocketFactory;
  /** First retry delay; doubles on every failed attempt up to maxDelayMs. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** A connection open this long resets the backoff to baseDelayMs. */
  stableAfterMs?: number;
  /** Send `{type:'ping'}` this often while open; 0 turns the client heartbeat off. */
  pingIntervalMs?: number;
  /** Without any message this long after a ping, the connection is taken as dead and replaced. */
  pongTimeoutMs?: number;
  /** 0 <= random() < 1; jitter source (tests pass a fixed one). */
  random?: () => number;
  logger?: Pick<Console, 'warn' | 'debug'>;
}

export const CLOSE_SESSION_ENDED = 4401;
const CLOSE_NORMAL = 1000;
const OPEN = 1;

/** The delay before retry number `attempt` (0-based): base * 2^attempt capped at max, then jittered to [50%, 100%]. */
export function backoffDelay(attempt: number, baseMs: number, maxMs: number, random: () => number): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.min(attempt, 30));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

/** Builds the /ws address for this page: same host, wss:// when the page is https://. */
export function realtimeUrl(location: { protocol: string; host: string }, userId: string): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}/ws?userId=${encodeURIComponent(userId)}`;
}

/** Parses one frame; null for anything that is not a known event (a pong, or garbage, which is logged). */
export function parseRealtimeMessage(data: unknown, logger?: Pick<Console, 'warn'>): RealtimeEvent | null {
  if (typeof data !== 'string') {
    logger?.warn('realtime: ignored a non-text message');
    return null;
  }
  let raw: unknown;
  try {
    raw = JSON.parse(data);
  } catch {
    logger?.warn('realtime: ignored a message that is not JSON');
    return null;
  }
  if (raw && typeof raw === 'object' && (raw as { type?: unknown }).type === 'pong') return null;
  const parsed = realtimeEventSchema.safeParse(raw);
  if (!parsed.success) {
    logger?.warn('realtime: ignored an unknown message', raw);
    return null;
  }
  return parsed.data;
}

export class RealtimeConnection {
  private readonly opts: Required<
    Omit<RealtimeConnectionOptions, 'onEvent' | 'onStatus' | 'onSessionEnded' | 'createSocket'>
  > &
    Pick<RealtimeConnectionOptions, 'onEvent' | 'onStatus' | 'onSessionEnded'> & {
      createSocket: WebSocketFactory;
    };
  private socket: WebSocketLike | null = null;
  private running = false;
  private attempt = 0;
  private statusValue: RealtimeStatus = 'closed';
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private stableTimer: ReturnType<typeof setTimeout> | null = null;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  private pongTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(options: RealtimeConnectionOptions) {
    this.opts = {
      baseDelayMs: 1000,
      maxDelayMs: 30_000,
      stableAfterMs: 10_000,
      pingIntervalMs: 25_000,
      pongTimeoutMs: 10_000,
      random: Math.random,
      logger: console,
      ...options,
      createSocket: options.createSocket ?? ((url) => new WebSocket(url) as unknown as WebSocketLike),
    };
  }

  get status(): RealtimeStatus {
    return this.statusValue;
  }

  /** How many retries in a row have failed since the last stable connection. */
  get failedAttempts(): number {
    return this.attempt;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.attempt = 0;
    this.open();
  }

  /** Closes the socket for good (signed out, unmounted); nothing is retried afterwards. */
  stop(): void {
    this.running = false;
    this.clearTimers();
    this.detach(CLOSE_NORMAL);
    this.setStatus('closed');
  }

  /** Skips the wait of a pending retry (the browser came back online, the tab became visible). */
  reconnectNow(): void {
    if (!this.running || this.socket) return;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.open();
  }

  private setStatus(status: RealtimeStatus): void {
    if (status === this.statusValue) return;
    this.statusValue = status;
    this.opts.onStatus?.(status);
  }

  private open(): void {
    this.setStatus('connecting');
    let socket: WebSocketLike;
    try {
      socket = this.opts.createSocket(this.opts.url);
    } catch (err) {
      this.opts.logger.warn('realtime: could not open a connection', err);
      this.scheduleRetry();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.setStatus('open');
      this.stableTimer = setTimeout(() => {
        this.stableTimer = null;
        this.attempt = 0;
      }, this.opts.stableAfterMs);
      if (this.opts.pingIntervalMs > 0) {
        this.pingTimer = setInterval(() => this.ping(socket), this.opts.pingIntervalMs);
      }
    };
    socket.onmessage = (ev) => {
      if (this.socket !== socket) return;
      if (this.pongTimer) clearTimeout(this.pongTimer);
      this.pongTimer = null;
      const event = parseRealtimeMessage(ev.data, this.opts.logger);
      if (!event) return;
      try {
        this.opts.onEvent?.(event);
      } catch (err) {
        this.opts.logger.warn('realtime: an event listener failed', err);
      }
    };
    socket.onerror = () => {
      // the close that follows decides; errors are only logged
      this.opts.logger.debug('realtime: connection error');
    };
    socket.onclose = (ev) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.clearTimers();
      if (ev.code === CLOSE_SESSION_ENDED) {
        this.running = false;
        this.setStatus('closed');
        this.opts.onSessionEnded?.();
        return;
      }
      this.scheduleRetry();
    };
  }

  private ping(socket: WebSocketLike): void {
    if (this.socket !== socket || socket.readyState !== OPEN) return;
    try {
      socket.send(JSON.stringify({ type: 'ping' }));
    } catch {
      // a failing send shows up as a close
    }
    if (this.pongTimer) return;
    this.pongTimer = setTimeout(() => {
      this.pongTimer = null;
      if (this.socket !== socket) return;
      this.opts.logger.warn('realtime: no answer from the server; reconnecting');
      // a dead connection may take minutes to report its close: replace it now
      this.detach(CLOSE_NORMAL);
      this.clearTimers();
      this.scheduleRetry();
    }, this.opts.pongTimeoutMs);
  }

  private scheduleRetry(): void {
    if (!this.running) {
      this.setStatus('closed');
      return;
    }
    this.setStatus('closed');
    const delay = backoffDelay(this.attempt, this.opts.baseDelayMs, this.opts.maxDelayMs, this.opts.random);
    this.attempt += 1;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (this.running) this.open();
    }, delay);
  }

  /** Forgets the current socket (its late events are ignored) and closes it. */
  private detach(code: number): void {
    const socket = this.socket;
    this.socket = null;
    if (!socket) return;
    socket.onopen = null;
    socket.onmessage = null;
    socket.onclose = null;
    socket.onerror = null;
    try {
      socket.close(code);
    } catch {
      // already closed
    }
  }

  private clearTimers(): void {
    for (const timer of [this.retryTimer, this.stableTimer, this.pongTimer]) if (timer) clearTimeout(timer);
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.retryTimer = null;
    this.stableTimer = null;
    this.pingTimer = null;
    this.pongTimer = null;
  }
}
