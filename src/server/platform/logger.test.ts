import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from './logger';

/** Issue 8, item 9: logs never carry password hashes, tokens or SQL parameters. */

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { logger: pino(loggerOptions('info'), stream), text: () => lines.join('') };
}

const SECRETS = [
  'argon2id$v=19$m=65536$SECRETHASH',
  'tok_live_confirm_123456',
  'claim-token-abcdef',
  'rl_session=cookievalue',
  'Bearer sk_live_abc',
  'sqlparam-hash-999',
  'pi_123_secret_456',
];

describe('the logger', () => {
  it('redacts passwords, hashes, tokens, cookies and authorization wherever they sit', () => {
    const { logger, text } = capture();
    logger.info({
      password: 'hunter2-hunter2',
      user: { email: 'a@example.com', passwordHash: SECRETS[0] },
      job: { data: { token: SECRETS[1], nested: { token: SECRETS[2] } } },
      headers: { cookie: SECRETS[3], authorization: SECRETS[4] },
      payment: { clientSecret: SECRETS[6] },
    });
    const out = text();
    expect(out).toContain('a@example.com');
    expect(out).not.toContain('hunter2');
    for (const s of SECRETS) expect(out).not.toContain(s);
  });

  it('redacts the current password and encrypted bank numbers of a bank change (issue 21 item 4)', () => {
    const { logger, text } = capture();
    logger.info({
      body: { bankName: 'Prairie State', currentPassword: 'my-current-pass-7', accountNumber: '55512349876' },
      change: { accountNumberEncrypted: 'v1.cipher-acct', routingNumberEncrypted: 'v1.cipher-routing' },
    });
    const out = text();
    expect(out).toContain('Prairie State');
    for (const s of ['my-current-pass-7', '55512349876', 'v1.cipher-acct', 'v1.cipher-routing'])
      expect(out).not.toContain(s);
  });

  it('censors secrets inside arrays, whatever the case of the key, and leaves other fields alone', () => {
    const { logger, text } = capture();
    logger.warn({ rows: [{ Password: SECRETS[0], email: 'b@example.com' }], Authorization: SECRETS[4] });
    const out = JSON.parse(text()) as { rows: Array<Record<string, string>>; Authorization: string };
    expect(out.rows[0]).toEqual({ Password: '[redacted]', email: 'b@example.com' });
    expect(out.Authorization).toBe('[redacted]');
  });

  it('logs request URLs without their query string (tokens of mailed links)', () => {
    const { logger, text } = capture();
    logger.info(
      {
        req: {
          method: 'GET',
          url: `/api/auth/confirm-email?token=${SECRETS[1]}`,
          headers: { cookie: SECRETS[3] },
        },
        url: `/api/reports/RL-1.pdf?expires=1&sig=${SECRETS[2]}`,
      },
      'incoming request',
    );
    const out = text();
    expect(out).toContain('/api/auth/confirm-email');
    expect(out).toContain('/api/reports/RL-1.pdf');
    expect(out).not.toContain(SECRETS[1]);
    expect(out).not.toContain(SECRETS[2]);
    expect(out).not.toContain(SECRETS[3]);
  });

  it('drops the SQL parameters of a failed query (Drizzle and node-postgres errors)', () => {
    const { logger, text } = capture();
    // the shape of drizzle-orm's DrizzleQueryError wrapping a pg error
    const pgError = Object.assign(new Error('duplicate key value violates unique constraint'), {
      code: '23505',
      detail: `Key (token_hash)=(${SECRETS[5]}) already exists.`,
      parameters: [SECRETS[5]],
    });
    const err = Object.assign(
      new Error(
        `Failed query: insert into "users" ("email", "password_hash") values ($1, $2)\nparams: a@example.com,${SECRETS[0]}`,
      ),
      {
        query: 'insert into "users" ("email", "password_hash") values ($1, $2)',
        params: ['a@example.com', SECRETS[0]],
        cause: pgError,
      },
    );
    logger.error({ err }, 'request failed');
    logger.error({ error: err }, 'job queue error');
    const out = text();
    expect(out).toContain('Failed query: insert into');
    expect(out).toContain('duplicate key value');
    expect(out).not.toContain(SECRETS[0]);
    expect(out).not.toContain(SECRETS[5]);
  });
});
