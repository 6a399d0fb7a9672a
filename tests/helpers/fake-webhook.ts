import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeWebhook {
  url: string;
  /** Parsed JSON bodies received, in order. */
  received: unknown[];
  close(): Promise<void>;
}

/** A local HTTP server standing in for a Slack incoming webhook: answers `status` (200 'ok' by default). */
export async function startFakeWebhook(status = 200): Promise<FakeWebhook> {
  const received: unknown[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      try {
        received.push(JSON.parse(raw));
      } catch {
        received.push(raw);
      }
      res.writeHead(status, { 'content-type': 'text/plain' });
      res.end(status === 200 ? 'ok' : 'invalid_payload');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/services/T000/B000/test-hook`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
