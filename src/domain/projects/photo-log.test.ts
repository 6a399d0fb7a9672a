import { describe, expect, it } from 'vitest';
import { captionSchema, photoLog, projectFilePatchSchema } from './photo-log';
import type { ProjectFile } from './schemas';

const file = (id: string, over: Partial<ProjectFile>): ProjectFile => ({
  id,
  kind: 'install_photo',
  documentType: null,
  fileName: `${id}.jpg`,
  contentType: 'image/jpeg',
  size: 1,
  url: `/f/${id}`,
  capturedAt: null,
  thumbnailUrl: `/f/${id}/thumbnail`,
  uploadedAt: '2026-01-01T00:00:00.000Z',
  uploadedBy: null,
  step: null,
  caption: null,
  ...over,
});

describe('photoLog', () => {
  it('groups photos per step in the steps order, first and latest as before/after', () => {
    const log = photoLog([
      file('c', { step: 'install_completed', uploadedAt: '2026-01-03T00:00:00.000Z' }),
      file('a', { step: 'install_completed', uploadedAt: '2026-01-01T00:00:00.000Z' }),
      file('b', { step: 'install_completed', uploadedAt: '2026-01-02T00:00:00.000Z' }),
      file('p', { step: 'permit_status' }),
      file('d', { kind: 'document', step: null }),
      file('u', { kind: 'image' }),
    ]);
    expect(log.steps.map((s) => s.step)).toEqual(['permit_status', 'install_completed']);
    const install = log.steps[1];
    expect(install?.photos.map((p) => p.id)).toEqual(['a', 'b', 'c']);
    expect(install?.before?.id).toBe('a');
    expect(install?.after?.id).toBe('c');
    expect(log.steps[0]?.before).toBeNull();
    expect(log.unfiled.map((p) => p.id)).toEqual(['u']);
  });
});

describe('captions and the patch', () => {
  it('keeps a caption to one line of 200 characters', () => {
    expect(captionSchema.parse('  New ridge vent  ')).toBe('New ridge vent');
    expect(captionSchema.parse('   ')).toBeNull();
    expect(captionSchema.safeParse('a\nb').success).toBe(false);
    expect(captionSchema.safeParse('x'.repeat(201)).success).toBe(false);
    expect(captionSchema.safeParse('\u202Eevil').success).toBe(false);
  });

  it('takes a step, a caption or both, and nothing else', () => {
    expect(projectFilePatchSchema.parse({ step: 'permit_status' })).toEqual({ step: 'permit_status' });
    expect(projectFilePatchSchema.parse({ step: null, caption: 'x' })).toEqual({ step: null, caption: 'x' });
    expect(projectFilePatchSchema.safeParse({}).success).toBe(false);
    expect(projectFilePatchSchema.safeParse({ step: 'roof' }).success).toBe(false);
    expect(projectFilePatchSchema.safeParse({ step: 'permit_status', kind: 'image' }).success).toBe(false);
  });
});
