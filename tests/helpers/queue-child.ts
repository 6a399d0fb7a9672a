/**
 * A second process for the job-queue and mail tests, started with `node --import tsx`.
 * argv[2] is a JSON ChildTask. Prints `READY <id>` once its work is stored, then:
 * - mode `job` / `mail`: hangs until killed (the tests kill it with SIGKILL: a crash);
 * - mode `graceful`: runs one job, stops the queue, closes the database and must then exit on its own.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { loadConfig } from '../../src/server/platform/config';
import { migrateDatabase, openDatabase } from '../../src/server/platform/db/index';
import { createJobQueue } from '../../src/server/platform/jobs/create-job-queue';
import { createMailer } from '../../src/server/platform/mail/create-mailer';
import { createFileStorage } from '../../src/server/platform/storage/create-file-storage';

/**
 * `template`: the run's dump of a migrated PGlite (global-setup.ts) that a new DATA_DIR/db is
 * loaded from, as the server copies its build's template, instead of an initdb and migrations here.
 */
export type ChildDatabase =
  | { kind: 'pglite'; dataDir: string; template?: string | null }
  | { kind: 'postgres'; url: string };

export type ChildTask =
  | { mode: 'job'; db: ChildDatabase; contactMessageId: string }
  | { mode: 'graceful'; db: ChildDatabase; contactMessageId: string }
  | { mode: 'mail'; db: ChildDatabase; dataDir: string; smtpUrl: string; subject: string };

const task = JSON.parse(process.argv[2] ?? '{}') as ChildTask;
const logger = pino({ level: 'silent' });

// the same layout as the server: DATA_DIR/db for PGlite, guarded by the DATA_DIR lock
const database = await openDatabase(
  task.db.kind === 'postgres'
    ? { databaseUrl: task.db.url, poolSize: 3 }
    : {
        pgliteDir: path.join(task.db.dataDir, 'db'),
        lockDir: task.db.dataDir,
        ...(task.db.template ? { loadDataDir: new Blob([readFileSync(task.db.template)]) } : {}),
      },
);
const jobs = createJobQueue(database, logger);
await jobs.start();

if (task.mode === 'job') {
  // no worker here: the job waits for the next process
  const id = await jobs.send('contact.slack', { contactMessageId: task.contactMessageId });
  console.log(`READY ${id}`);
  setInterval(() => {}, 60_000);
} else if (task.mode === 'graceful') {
  await new Promise<void>((resolve) => {
    void jobs
      .work('contact.slack', async () => resolve())
      .then(() => jobs.send('contact.slack', { contactMessageId: task.contactMessageId }));
  });
  await jobs.stop();
  await database.close();
  console.log('READY stopped');
  // no process.exit: the test checks that nothing left behind keeps the process alive
} else {
  await migrateDatabase(database);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: task.dataDir,
    SESSION_SECRET: 'x'.repeat(32),
    ENCRYPTION_KEY: '0'.repeat(64),
    SMTP_URL: task.smtpUrl,
    LOG_LEVEL: 'silent',
  });
  const storage = createFileStorage(database, config.dataDir);
  const mailer = createMailer({ db: database.db, storage, jobs, config, logger });
  // no mail worker here: the mail is stored and queued, and this process dies before sending it
  const { id } = await mailer.send({
    to: 'crash@example.com',
    subject: task.subject,
    text: 'Stored before the crash.',
    attachments: [
      { filename: 'before-crash.txt', contentType: 'text/plain', content: Buffer.from('survivor') },
    ],
  });
  console.log(`READY ${id}`);
  setInterval(() => {}, 60_000);
}
