import { threadId } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { xmlCommentFullOfLt } from '../../../../tests/helpers/hostile-measurements';
import { fixture } from '../../../../tests/helpers/report-quotes';
import { MeasurementParseError } from '../../../domain/estimates/types';
import { createParsePool } from './parse-pool';

const pool = createParsePool({ size: 1, budgetMs: 1_000 });
afterAll(() => pool.close());

describe('the measurement parse pool', () => {
  it('parses in a worker thread, not on the main thread', async () => {
    const f = xmlCommentFullOfLt();
    const reply = await pool.run({ kind: 'parse', source: f.source, fileName: f.fileName, text: f.text });
    expect(reply.threadId).not.toBe(threadId);
    expect(reply.ok && reply.measurement?.totalAreaSqFt).toBeCloseTo(1800, 0);
    const m = await pool.parse('HOVER .json', 'hover-hip.json', fixture('hover-hip.json').toString('utf8'));
    expect(m.totalAreaSqFt).toBe(3212);
  });

  it('answers a file the parser refuses as MeasurementParseError, with where', async () => {
    const err = await pool.parse('HOVER .json', 'h.json', '{"roof": 1').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MeasurementParseError);
    expect((err as MeasurementParseError).message).toContain('is not valid JSON');
  });

  it('stops a runaway parse at the time budget, refuses it, and keeps serving', async () => {
    const first = await pool.run({ kind: 'hang' }).catch((e: unknown) => e);
    expect((first as Error).name).toBe('ParseStoppedError');
    expect((first as { reason: string }).reason).toBe('budget');
    // a new worker replaces the stopped one
    const m = await pool.parse('Roofr .csv', 'roofr-hip.csv', fixture('roofr-hip.csv').toString('utf8'));
    expect(m.totalAreaSqFt).toBe(3212);
  });

  it('checks an upload: content, then the parse of its source', async () => {
    expect(await pool.checkUpload('.json', Buffer.from('{"a":'), null)).toMatch(/not valid JSON/);
    expect(
      await pool.checkUpload('.xml', Buffer.from(xmlCommentFullOfLt().text), {
        source: 'GAF QuickSquare .xml',
        fileName: 'comment.xml',
      }),
    ).toBeNull();
    expect(
      await pool.checkUpload('.json', Buffer.from('{"x":1}'), { source: 'HOVER .json', fileName: 'x.json' }),
    ).toContain('has no roof measurements');
  });
});
