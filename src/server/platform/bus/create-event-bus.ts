import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Logger } from 'pino';
import { z } from 'zod';
import { realtimeEventSchema } from '../../../domain/realtime';
import type { Database } from '../db/index';
import { TABLE_CHANGES_CHANNEL } from '../db/tracked-tables';
import type { BusMessage, EventBus } from './types';

/** The one PostgreSQL channel every app process LISTENs on. */
export const BUS_CHANNEL = 'ridgeline_events';
/** `application_name` of the listening connection (operators and tests can find it in pg_stat_activity). */
export const BUS_LISTENER_APPLICATION_NAME = 'ridgeline-bus-listener';
/** NOTIFY refuses payloads of 8000 bytes or more (PostgreSQL's default build). */
export const MAX_PAYLOAD_BYTES = 7999;

const RECONNECT_MIN_MS = 500;
const RECONNECT_MAX_MS = 30_000;
/** How often the listening connection is probed; a half-open TCP connection emits no error by itself. */
const PROBE_INTERVAL_MS = 30_000;
const PROBE_TIMEOUT_MS = 10_000;
/** A listening connection up this long resets the reconnect backoff. */
const STABLE_AFTER_MS = 30_000;
/** How long catchUpTables waits for its own marker to come back before answering false. */
const CATCH_UP_TIMEOUT_MS = 2_000;

export class BusMessageTooLargeError extends Error {
  override name = 'BusMessageTooLargeError';
}

/** The shape a bus message must have to be delivered; anything else on the channel is logged and dropped. */
export const busMessageSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('realtime'), userIds: z.array(z.string()), event: realtimeEventSchema }),
  z.object({ kind: z.literal('sessions_revoked'), sessionIds: z.array(z.string()) }),
  z.object({ kind: z.literal('user_changed'), userId: z.string() }),
]);

/** What travels on the channel: the message plus the id of the process that sent it. */
const envelopeSchema = z.object({ o: z.string(), m: z.unknown() });

function byteLength(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

/**
 * Encodes a message into one or more payloads that each fit NOTIFY's limit. Events carry ids, not
 * bodies, so only a long list of recipients (or of revoked sessions) can be too large: such a
 * message is split into several with the same event and part of the list. A message that cannot
 * be split (one recipient and still too large) is refused with BusMessageTooLargeError.
 */
export function encodeBusMessage(origin: string, message: BusMessage): string[] {
  const payload = JSON.stringify({ o: origin, m: message });
  if (byteLength(payload) <= MAX_PAYLOAD_BYTES) return [payload];
  const split = (ids: string[], make: (part: string[]) => BusMessage): string[] => {
    if (ids.length <= 1) {
      throw new BusMessageTooLargeError(
        `Bus message of kind "${message.kind}" is ${byteLength(payload)} bytes, over the ${MAX_PAYLOAD_BYTES}-byte limit; events must carry ids, not bodies.`,
      );
    }
    const half = Math.ceil(ids.length / 2);
    return [
      ...encodeBusMessage(origin, make(ids.slice(0, half))),
      ...encodeBusMessage(origin, make(ids.slice(half))),
    ];
  };
  switch (message.kind) {
    case 'realtime':
      return split(message.userIds, (userIds) => ({ ...message, userIds }));
    case 'sessions_revoked':
      return split(message.sessionIds, (sessionIds) => ({ ...message, sessionIds }));
    default:
      return split([], () => message);
  }
}

/** Parses what arrived on the channel; null (after logging) for anything that is not a bus message. */
function decodePayload(
  payload: string | undefined,
  logger: Logger,
): { origin: string; message: BusMessage } | null {
  let raw: unknown;
  try {
    raw = JSON.parse(payload ?? '');
  } catch {
    logger.warn({ bytes: payload?.length ?? 0 }, 'event bus: dropped a payload that is not JSON');
    return null;
  }
  const envelope = envelopeSchema.safeParse(raw);
  const message = envelope.success ? busMessageSchema.safeParse(envelope.data.m) : undefined;
  if (!envelope.success || !message?.success) {
    logger.warn(
      { issues: (message?.error ?? (envelope.success ? undefined : envelope.error))?.issues.slice(0, 5) },
      'event bus: dropped a payload that is not a valid bus message',
    );
    return null;
  }
  return { origin: envelope.data.o, message: message.data as BusMessage };
}

type Listener = (message: BusMessage) => void;

/** Calls every listener; one listener's error (thrown or rejected) never reaches the others or the caller. */
function makeDeliver(listeners: Set<Listener>, logger: Logger) {
  return (message: BusMessage) => {
    for (const listener of [...listeners]) {
      try {
        const result = (listener as (m: BusMessage) => unknown)(message);
        if (result && typeof (result as Promise<unknown>).catch === 'function') {
          (result as Promise<unknown>).catch((err: unknown) =>
            logger.error({ err, kind: message.kind }, 'event bus: subscriber failed'),
          );
        }
      } catch (err) {
        logger.error({ err, kind: message.kind }, 'event bus: subscriber failed');
      }
    }
  };
}

/**
 * The process-wide event bus.
 *
 * - Embedded database (PGlite): one process owns the data directory, so delivery is in-process.
 * - PostgreSQL: `publish` sends `pg_notify` through the pool; a dedicated connection LISTENs and
 *   delivers what other processes sent. The publishing process delivers its own messages to its
 *   subscribers directly (and skips their echo), so its own sockets and caches never depend on
 *   the listening connection being up. The listener reconnects with backoff when it drops;
 *   messages sent while it is down are lost for this process (sessions are re-checked on every
 *   socket heartbeat and session caches expire, so nothing stays stale for long).
 *
 * Both modes apply the same size rule, so an oversized event fails in tests on PGlite too.
 */
export function createEventBus(database: Database, logger: Logger): EventBus {
  const log = logger.child({ component: 'event-bus' });
  const listeners = new Set<Listener>();
  const deliver = makeDeliver(listeners, log);
  const origin = randomUUID();
  let closed = false;

  const subscribe = (listener: Listener) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };

  const tableWatchers = new Set<(table: string | null) => void>();
  const tableChanged = (table: string | null) => {
    for (const watcher of [...tableWatchers]) {
      try {
        watcher(table);
      } catch (err) {
        log.error({ err, table }, 'event bus: table watcher failed');
      }
    }
  };
  const watchTables = (watcher: (table: string | null) => void) => {
    tableWatchers.add(watcher);
    return () => {
      tableWatchers.delete(watcher);
    };
  };

  if (database.kind === 'pglite') {
    // PGlite hands a transaction's notifications over while its COMMIT is answered, before the
    // statement's promise resolves: the feed is always caught up
    let unlisten: (() => Promise<void>) | null = null;
    return {
      async start() {
        if (unlisten || closed) return;
        unlisten = await database.pglite.listen(TABLE_CHANGES_CHANNEL, (table) => tableChanged(table));
      },
      watchTables,
      tablesLive: () => unlisten !== null && !closed,
      catchUpTables: async () => unlisten !== null && !closed,
      async publish(message) {
        if (closed) {
          log.warn({ kind: message.kind }, 'event bus: publish after close ignored');
          return;
        }
        for (const payload of encodeBusMessage(origin, message)) {
          // a copy through JSON, as across processes: subscribers never share the publisher's objects
          const decoded = decodePayload(payload, log);
          if (decoded) deliver(decoded.message);
        }
      },
      subscribe,
      async close() {
        closed = true;
        listeners.clear();
        tableWatchers.clear();
        const stop = unlisten;
        unlisten = null;
        await stop?.().catch(() => {});
      },
    };
  }

  const url = database.url;
  let client: pg.Client | null = null;
  let reconnectTimer: NodeJS.Timeout | null = null;
  let probeTimer: NodeJS.Timeout | null = null;
  let attempt = 0;
  /** When the current listening connection was established (0 while there is none). */
  let connectedAt = 0;

  /** Markers this process sent on the table channel, waiting to come back (catchUpTables). */
  let markerSeq = 0;
  const markersAwaited = new Map<number, (caughtUp: boolean) => void>();
  const settleMarkers = (upTo: number, caughtUp: boolean) => {
    for (const [n, settle] of markersAwaited) {
      if (n <= upTo) {
        markersAwaited.delete(n);
        settle(caughtUp);
      }
    }
  };
  const markerPrefix = `~${origin}:`;

  const onNotification = (msg: pg.Notification) => {
    if (msg.channel === TABLE_CHANGES_CHANNEL) {
      const payload = msg.payload ?? '';
      if (payload.startsWith(markerPrefix)) settleMarkers(Number(payload.slice(markerPrefix.length)), true);
      else if (!payload.startsWith('~')) tableChanged(payload);
      return;
    }
    if (msg.channel !== BUS_CHANNEL) return;
    const decoded = decodePayload(msg.payload, log);
    if (!decoded || decoded.origin === origin) return;
    deliver(decoded.message);
  };

  const dropClient = (c: pg.Client): Promise<void> => {
    if (client === c) {
      client = null;
      // changes may now go unseen: caches drop what they hold and stop trusting the feed
      tableChanged(null);
      settleMarkers(Number.POSITIVE_INFINITY, false);
    }
    if (probeTimer) clearInterval(probeTimer);
    probeTimer = null;
    c.removeAllListeners('notification');
    c.removeAllListeners('end');
    // keep an error listener: a late socket error on a dropped client must not crash the process
    c.removeAllListeners('error');
    c.on('error', () => {});
    return c.end().catch(() => {});
  };

  const scheduleReconnect = (reason: string, err?: unknown) => {
    if (closed || reconnectTimer) return;
    // a connection that stayed up a while resets the backoff; one that keeps dropping does not
    if (connectedAt && Date.now() - connectedAt > STABLE_AFTER_MS) attempt = 0;
    connectedAt = 0;
    const base = Math.min(RECONNECT_MAX_MS, RECONNECT_MIN_MS * 2 ** attempt);
    const delay = Math.round(base / 2 + Math.random() * (base / 2));
    attempt += 1;
    log.warn({ err, attempt, delayMs: delay }, `event bus: listener ${reason}; reconnecting`);
    reconnectTimer = setTimeout(() => {
      reconnectTimer = null;
      connect().catch((connectErr: unknown) => scheduleReconnect('could not reconnect', connectErr));
    }, delay);
    reconnectTimer.unref();
  };

  async function connect(): Promise<void> {
    const c = new pg.Client({
      connectionString: url,
      application_name: BUS_LISTENER_APPLICATION_NAME,
      keepAlive: true,
      connectionTimeoutMillis: 10_000,
    });
    c.on('error', () => {}); // a failed connect rejects below; never an unhandled 'error'
    c.on('notification', onNotification);
    try {
      await c.connect();
      await c.query(`LISTEN ${BUS_CHANNEL}`);
      await c.query(`LISTEN ${TABLE_CHANGES_CHANNEL}`);
    } catch (err) {
      await dropClient(c);
      throw err;
    }
    const onLost = (reason: string) => (err?: unknown) => {
      if (client !== c) return;
      void dropClient(c);
      scheduleReconnect(reason, err);
    };
    c.removeAllListeners('error');
    c.on('error', onLost('connection failed'));
    c.on('end', onLost('connection ended'));
    if (closed) {
      await dropClient(c);
      return;
    }
    client = c;
    connectedAt = Date.now();
    // whatever changed while no connection listened went unseen
    tableChanged(null);
    if (attempt > 0) log.info({ attempts: attempt }, 'event bus: listener reconnected');
    probeTimer = setInterval(() => {
      let timeout: NodeJS.Timeout | undefined;
      const timedOut = new Promise<never>((_, reject) => {
        timeout = setTimeout(() => reject(new Error('probe timed out')), PROBE_TIMEOUT_MS);
      });
      Promise.race([c.query('SELECT 1'), timedOut])
        .catch((err: unknown) => {
          if (client !== c) return;
          void dropClient(c);
          scheduleReconnect('stopped answering', err);
        })
        .finally(() => clearTimeout(timeout));
    }, PROBE_INTERVAL_MS);
    probeTimer.unref();
  }

  return {
    async start() {
      if (client || closed) return;
      await connect();
    },

    async publish(message) {
      if (closed) {
        log.warn({ kind: message.kind }, 'event bus: publish after close ignored');
        return;
      }
      const payloads = encodeBusMessage(origin, message);
      // this process first, straight away (and independent of the listener's health)
      for (const payload of payloads) {
        const decoded = decodePayload(payload, log);
        if (decoded) deliver(decoded.message);
      }
      for (const payload of payloads) {
        await database.sql.query('SELECT pg_notify($1, $2)', [BUS_CHANNEL, payload]);
      }
    },

    subscribe,
    watchTables,
    tablesLive: () => client !== null,

    async catchUpTables() {
      if (!client) return false;
      const n = ++markerSeq;
      let timer: NodeJS.Timeout | undefined;
      const caughtUp = new Promise<boolean>((resolve) => {
        markersAwaited.set(n, resolve);
        timer = setTimeout(() => {
          markersAwaited.delete(n);
          resolve(false);
        }, CATCH_UP_TIMEOUT_MS);
        timer.unref();
      });
      try {
        // notifications reach listeners in commit order: when this marker is back, every change
        // committed before it was sent has been delivered
        await database.sql.query('SELECT pg_notify($1, $2)', [TABLE_CHANGES_CHANNEL, `${markerPrefix}${n}`]);
      } catch {
        settleMarkers(n, false);
      }
      const result = await caughtUp;
      clearTimeout(timer);
      return result;
    },

    async close() {
      closed = true;
      tableWatchers.clear();
      settleMarkers(Number.POSITIVE_INFINITY, false);
      if (reconnectTimer) clearTimeout(reconnectTimer);
      reconnectTimer = null;
      listeners.clear();
      const c = client;
      client = null;
      if (c) await dropClient(c);
    },
  };
}
