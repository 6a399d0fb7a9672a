import type { MeasurementSource, RoofMeasurement } from '../../../domain/estimates/types';
import type { SketchExtension } from '../../../domain/quotes/options';

/** What the parse pool asks a worker to do. */
export type ParseTask =
  | { kind: 'parse'; source: MeasurementSource; fileName: string; text: string }
  /** An uploaded file: the content check of its extension, then (with `measurement`) the parser. */
  | {
      kind: 'upload';
      extension: SketchExtension;
      bytes: Uint8Array;
      measurement: { source: MeasurementSource; fileName: string } | null;
    }
  /** Never answers: lets the tests show that the time budget stops a runaway parse. */
  | { kind: 'hang' };

export interface ParseRequest {
  id: number;
  task: ParseTask;
}

/** A worker's answer: the measurement, the user-facing problem with the file, or an unexpected crash. */
export type ParseReply = { id: number; threadId: number } & (
  | { ok: true; measurement?: RoofMeasurement }
  | { ok: false; problem: string; where?: string }
  | { ok: false; crash: string }
);
