import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RealtimeEvent } from '../../domain/realtime';
import {
  backoffDelay,
  CLOSE_SESSION_ENDED,
  parseRealtimeMessage,
  RealtimeConnection,
  type RealtimeConnectionOptions,
  type RealtimeStatus,
  realtimeUrl,
  type WebSocketLike,
} from './realtime-connection';
import { createRealtimeEmitter } from './realtime-emitter';

class FakeWebSocket implements WebSocketLike {
  static instances: FakeWebSocket[] = [];
  readyState = 0;
  onopen: WebSocketLike['onopen'] = null;
  onclose: WebSocketLike['onclose'] = null;
  onerror: WebSocketLike['onerror'] = null;
  onmessage: WebSocketLike['onmessage'] = null;
  sent: string[] = [];
  closedWith: number | undefined;

  constructor(readonly url: string) {
    FakeWebSocket.instances.push(this);
  }

  send(data: string) {
    this.sent.push(data);
  }

  close(code?: number) {
    this.closedWith = code ?? 1005;
    this.readyState = 3;
  }

  // driven by the test
  serverOpens() {
    this.readyState = 1;
    this.onopen?.({});
  }
  serverSends(data: unknown) {
    this.onmessage?.({ data: typeof data === 'string' ? data : JSON.stringify(data) });
  }
  drops(code = 1006) {
    this.readyState = 3;
    this.onerror?.({});
    this.onclose?.({ code });
  }
}

const last = () => FakeWebSocket.instances[FakeWebSocket.instances.length - 1] as FakeWebSocket;
const quiet = { warn: vi.fn(), debug: vi.fn() };

function makeConnection(extra: Partial<RealtimeConnectionOptions> = {}) {
  const events: RealtimeEvent[] = [];
  const statuses: RealtimeStatus[] = [];
  const connection = new RealtimeConnection({
    url: 'ws://example.test/ws?userId=u1',
    createSocket: (url) => new FakeWebSocket(url),
    random: () => 1, // no jitter: the full delay
    onEvent: (e) => events.push(e),
    onStatus: (s) => statuses.push(s),
    logger: quiet,
    ...extra,
  });
  return { connection, events, statuses };
}

beforeEach(() => {
  FakeWebSocket.instances = [];
  quiet.warn.mockClear();
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('backoffDelay', () => {
  it('doubles from 1 s to a 30 s ceiling', () => {
    const full = () => 0.999999;
    expect([0, 1, 2, 3, 4, 5, 6, 10].map((a) => backoffDelay(a, 1000, 30_000, full))).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
  });

  it('jitters between half and all of the delay', () => {
    expect(backoffDelay(3, 1000, 30_000, () => 0)).toBe(4000);
    expect(backoffDelay(3, 1000, 30_000, () => 0.5)).toBe(6000);
    expect(backoffDelay(100, 1000, 30_000, () => 0)).toBe(15000);
  });
});

describe('realtimeUrl', () => {
  it('follows the page scheme and host', () => {
    expect(realtimeUrl({ protocol: 'http:', host: 'localhost:5000' }, 'a b')).toBe(
      'ws://localhost:5000/ws?userId=a%20b',
    );
    expect(realtimeUrl({ protocol: 'https:', host: 'ridgeline.example' }, 'u1')).toBe(
      'wss://ridgeline.example/ws?userId=u1',
    );
  });
});

describe('parseRealtimeMessage', () => {
  it('accepts known events and only logs the rest', () => {
    const logger = { warn: vi.fn() };
    expect(parseRealtimeMessage('{"type":"project_updated","projectId":"p-3"}', logger)).toEqual({
      type: 'project_updated',
      projectId: 'p-3',
    });
    expect(parseRealtimeMessage('{"type":"pong"}', logger)).toBeNull();
    expect(logger.warn).not.toHaveBeenCalled();
    expect(parseRealtimeMessage('not json', logger)).toBeNull();
    expect(parseRealtimeMessage('{"type":"project_updated","projectId":3}', logger)).toBeNull();
    expect(parseRealtimeMessage('{"type":"something_new"}', logger)).toBeNull();
    expect(parseRealtimeMessage(new ArrayBuffer(2), logger)).toBeNull();
    expect(logger.warn).toHaveBeenCalledTimes(4);
  });
});

describe('RealtimeConnection', () => {
  it('connects, reports status and delivers parsed events', () => {
    const { connection, events, statuses } = makeConnection();
    connection.start();
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(last().url).toBe('ws://example.test/ws?userId=u1');
    expect(connection.status).toBe('connecting');
    last().serverOpens();
    expect(connection.status).toBe('open');
    last().serverSends({ type: 'connected', userId: 'u1' });
    last().serverSends('garbage');
    last().serverSends({ type: 'message_created', messageId: 'm1', projectId: 'p-2' });
    expect(events).toEqual([
      { type: 'connected', userId: 'u1' },
      { type: 'message_created', messageId: 'm1', projectId: 'p-2' },
    ]);
    expect(statuses).toEqual(['connecting', 'open']);
    expect(quiet.warn).toHaveBeenCalledTimes(1);
  });

  it('reconnects after a drop with a doubling delay, capped at 30 s', () => {
    const { connection } = makeConnection();
    connection.start();
    last().drops(); // never opened: the server is down
    expect(connection.status).toBe('closed');

    const expected = [1000, 2000, 4000, 8000, 16000, 30000, 30000];
    for (const delay of expected) {
      const before = FakeWebSocket.instances.length;
      vi.advanceTimersByTime(delay - 1);
      expect(FakeWebSocket.instances.length).toBe(before); // not yet
      vi.advanceTimersByTime(1);
      expect(FakeWebSocket.instances.length).toBe(before + 1); // exactly on time
      expect(connection.status).toBe('connecting');
      last().drops();
    }
  });

  it('applies jitter to the delay', () => {
    const { connection } = makeConnection({ random: () => 0 });
    connection.start();
    last().drops();
    vi.advanceTimersByTime(499);
    expect(FakeWebSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeWebSocket.instances).toHaveLength(2);
  });

  it('resets the backoff only after a stable connection', () => {
    const { connection } = makeConnection();
    connection.start();
    last().drops(); // attempt 0 -> 1 s
    vi.advanceTimersByTime(1000);
    last().drops(); // -> 2 s
    vi.advanceTimersByTime(2000);
    last().serverOpens();
    vi.advanceTimersByTime(5000); // open, but not for long
    last().drops();
    expect(connection.failedAttempts).toBe(3);
    vi.advanceTimersByTime(3999);
    expect(FakeWebSocket.instances).toHaveLength(3);
    vi.advanceTimersByTime(1); // 4 s: the short-lived connection did not reset anything
    expect(FakeWebSocket.instances).toHaveLength(4);

    last().serverOpens();
    vi.advanceTimersByTime(10_000); // stable now
    expect(connection.failedAttempts).toBe(0);
    last().drops();
    vi.advanceTimersByTime(1000); // back to 1 s
    expect(FakeWebSocket.instances).toHaveLength(5);
  });

  it('stops for good: no retry, socket closed normally, status closed', () => {
    const { connection } = makeConnection();
    connection.start();
    last().serverOpens();
    const socket = last();
    connection.stop();
    expect(socket.closedWith).toBe(1000);
    expect(connection.status).toBe('closed');
    socket.drops(); // a late close event from the browser changes nothing
    vi.advanceTimersByTime(120_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it('stopping during a pending retry cancels it', () => {
    const { connection } = makeConnection();
    connection.start();
    last().drops();
    connection.stop();
    vi.advanceTimersByTime(120_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it('does not reconnect when the server ends the session (4401)', () => {
    const onSessionEnded = vi.fn();
    const { connection } = makeConnection({ onSessionEnded });
    connection.start();
    last().serverOpens();
    last().drops(CLOSE_SESSION_ENDED);
    expect(onSessionEnded).toHaveBeenCalledOnce();
    expect(connection.status).toBe('closed');
    vi.advanceTimersByTime(120_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it('pings while open and replaces a connection that stops answering', () => {
    const { connection } = makeConnection({ pingIntervalMs: 25_000, pongTimeoutMs: 10_000 });
    connection.start();
    const first = last();
    first.serverOpens();
    vi.advanceTimersByTime(25_000);
    expect(first.sent).toEqual(['{"type":"ping"}']);
    first.serverSends({ type: 'pong' }); // answered in time
    vi.advanceTimersByTime(25_000);
    expect(first.sent).toHaveLength(2);
    // no answer this time
    vi.advanceTimersByTime(10_000);
    expect(first.closedWith).toBe(1000);
    expect(connection.status).toBe('closed');
    vi.advanceTimersByTime(1000);
    expect(FakeWebSocket.instances).toHaveLength(2);
    first.drops(); // the dead socket's late close is ignored
    expect(FakeWebSocket.instances).toHaveLength(2);
    expect(connection.status).toBe('connecting');
  });

  it('reconnectNow skips the wait of a pending retry, and does nothing while connected', () => {
    const { connection } = makeConnection({ pingIntervalMs: 0 });
    connection.start();
    last().drops();
    connection.reconnectNow();
    expect(FakeWebSocket.instances).toHaveLength(2);
    last().serverOpens();
    connection.reconnectNow();
    expect(FakeWebSocket.instances).toHaveLength(2);
    vi.advanceTimersByTime(60_000);
    expect(FakeWebSocket.instances).toHaveLength(2);
  });

  it('survives a listener that throws and a constructor that throws', () => {
    let fail = true;
    const { connection } = makeConnection({
      onEvent: () => {
        throw new Error('listener bug');
      },
      createSocket: (url) => {
        if (fail) {
          fail = false;
          throw new Error('blocked');
        }
        return new FakeWebSocket(url);
      },
    });
    connection.start();
    expect(FakeWebSocket.instances).toHaveLength(0);
    vi.advanceTimersByTime(1000);
    expect(FakeWebSocket.instances).toHaveLength(1);
    last().serverOpens();
    expect(() => last().serverSends({ type: 'project_created', projectId: 'p-1' })).not.toThrow();
  });
});

describe('createRealtimeEmitter', () => {
  it('fans out to listeners until they unsubscribe', () => {
    const emitter = createRealtimeEmitter();
    const got: string[] = [];
    const off = emitter.subscribe((e) => got.push(`a:${e.type}`));
    emitter.subscribe((e) => got.push(`b:${e.type}`));
    emitter.emit({ type: 'project_created', projectId: 'p-1' });
    off();
    emitter.emit({ type: 'project_created', projectId: 'p-2' });
    expect(got).toEqual(['a:project_created', 'b:project_created', 'b:project_created']);
    expect(emitter.size).toBe(1);
  });
});
