import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Logger } from 'pino';
import type { Database } from '../db/index';
import { TABLE_CHANGES_CHANNEL } from '../db/tracked-tables';
import { decodePayload, encodeBusMessage, type Listener, makeDeliver } from './bus-messages';
import type { EventBus } from './types';

/** The one PostgreSQL channel every app process LISTENs on. */
export const BUS_CHANNEL = 'ridgeline_events';
/** `application_name` of the listening connection (operators and tests can find it in pg_stat_activity). */
export const BUS_LISTENER_APPLICATION_NAME = 'ridgeline-bus-listener';
const RECONNECT_MIN_MS = 500;
const RECONNECT_MAX_MS = 30_000;
/** How often the listening connection is probed; a half-open TCP connection emits no error by itself. */
const PROBE_INTERVAL_MS = 30_000;
const PROBE_TIMEOUT_MS = 10_000;
/** A listening connection up this long resets the reconnect backoff. */
const STABLE_AFTER_MS = 30_000;
/** How long catchUpTables waits for its own marker to come back before answering false. */
const CATCH_UP_TIMEOUT_MS = 2_000;

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
