/**
 * Worker-thread entry of the measurement parse pool (see parse-pool.ts): runs the upload's
 * content check and the estimate engine's parser off the main thread, so no file can hold the
 * event loop. Built as its own bundle entry (dist/server/parse-worker.js).
 */
import { parentPort, threadId } from 'node:worker_threads';
import { parseMeasurementFile } from '../../../domain/estimates/parsers/index';
import { MeasurementParseError } from '../../../domain/estimates/types';
import { checkSketchContent } from '../quotes';
import type { ParseReply, ParseRequest } from './parse-protocol';

function handle(req: ParseRequest): ParseReply {
  const task = req.task;
  try {
    switch (task.kind) {
      case 'parse':
        return {
          id: req.id,
          threadId,
          ok: true,
          measurement: parseMeasurementFile(task.source, task.fileName, task.text),
        };
      case 'upload': {
        const content = checkSketchContent(task.extension, Buffer.from(task.bytes));
        if (!content.ok) return { id: req.id, threadId, ok: false, problem: content.message };
        if (!task.measurement) return { id: req.id, threadId, ok: true };
        const { source, fileName } = task.measurement;
        return {
          id: req.id,
          threadId,
          ok: true,
          measurement: parseMeasurementFile(source, fileName, content.text),
        };
      }
      case 'hang':
        // for the tests of the time budget: a parse that never ends
        for (;;) {}
    }
  } catch (err) {
    if (err instanceof MeasurementParseError) {
      return {
        id: req.id,
        threadId,
        ok: false,
        problem: err.message,
        ...(err.where !== undefined ? { where: err.where } : {}),
      };
    }
    return {
      id: req.id,
      threadId,
      ok: false,
      crash: err instanceof Error ? (err.stack ?? err.message) : String(err),
    };
  }
}

parentPort?.on('message', (req: ParseRequest) => {
  parentPort?.postMessage(handle(req));
});
// tells the pool the module is loaded: its time budget starts only now
parentPort?.postMessage('ready');
