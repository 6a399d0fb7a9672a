import { describe, expect, it } from 'vitest';
import {
  encodeUploadMetadata,
  exifDateToIso,
  fitLongEdge,
  PHOTO_LONG_EDGE,
  parseUploadMetadata,
  photoUploadMessages,
} from './photo-uploads';

const id = '0b7e4a52-3c1f-4d8e-9a4b-2f6c1d3e5a77';
const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');

describe('fitLongEdge', () => {
  it('brings a 12 MP phone photo to the kept long edge, ratio kept', () => {
    expect(fitLongEdge(4032, 3024)).toEqual({ width: PHOTO_LONG_EDGE, height: 1440 });
    expect(fitLongEdge(3024, 4032)).toEqual({ width: 1440, height: PHOTO_LONG_EDGE });
  });
  it('never enlarges, and a nonsense size is 0 x 0', () => {
    expect(fitLongEdge(800, 600)).toEqual({ width: 800, height: 600 });
    expect(fitLongEdge(0, 600)).toEqual({ width: 0, height: 0 });
    expect(fitLongEdge(Number.NaN, 600)).toEqual({ width: 0, height: 0 });
  });
  it('keeps a very thin panorama at least 1 px', () => {
    expect(fitLongEdge(100_000, 10)).toEqual({ width: PHOTO_LONG_EDGE, height: 1 });
  });
});

describe('parseUploadMetadata', () => {
  it('reads what encodeUploadMetadata writes, unicode included', () => {
    const header = encodeUploadMetadata({
      fileName: 'Ridge – north side.jpg',
      clientId: id,
      step: 'install_completed',
      caption: 'New ridge vent ✓',
      capturedAt: '2026-05-12T10:42:07.000Z',
    });
    expect(parseUploadMetadata(header)).toEqual({
      ok: true,
      value: {
        fileName: 'Ridge – north side.jpg',
        clientId: id,
        step: 'install_completed',
        caption: 'New ridge vent ✓',
        capturedAt: '2026-05-12T10:42:07.000Z',
      },
    });
  });
  it('ignores keys it does not know and takes an empty step or caption as none', () => {
    const header = `fileName ${b64('a.jpg')},clientId ${b64(id)},filetype ${b64('image/jpeg')},caption,step `;
    expect(parseUploadMetadata(header)).toEqual({
      ok: true,
      value: { fileName: 'a.jpg', clientId: id, caption: null, step: null },
    });
  });
  it.each([
    ['no header', undefined],
    ['empty', ''],
    ['not base64', `fileName !!!,clientId ${b64(id)}`],
    ['a key twice', `fileName ${b64('a')},fileName ${b64('b')},clientId ${b64(id)}`],
    ['three words', `fileName ${b64('a')} x,clientId ${b64(id)}`],
    ['no clientId', `fileName ${b64('a.jpg')}`],
    ['a clientId that is no UUID', `fileName ${b64('a.jpg')},clientId ${b64('123')}`],
    [
      'a capture time that is no date',
      `fileName ${b64('a')},clientId ${b64(id)},capturedAt ${b64('yesterday')}`,
    ],
    [
      'a capture time far in the future',
      `fileName ${b64('a')},clientId ${b64(id)},capturedAt ${b64('2999-01-01T00:00:00Z')}`,
    ],
    ['an unknown step', `fileName ${b64('a')},clientId ${b64(id)},step ${b64('roof')}`],
    ['invalid UTF-8', `fileName ${Buffer.from([0xff, 0xfe]).toString('base64')},clientId ${b64(id)}`],
    ['a huge header', `fileName ${b64('a'.repeat(5000))},clientId ${b64(id)}`],
  ])('refuses %s', (_name, header) => {
    const result = parseUploadMetadata(header);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message.length).toBeGreaterThan(0);
  });
  it('names the clientId rule', () => {
    expect(parseUploadMetadata(`fileName ${b64('a.jpg')},clientId ${b64('x')}`)).toEqual({
      ok: false,
      message: photoUploadMessages.clientId,
    });
  });
});

describe('exifDateToIso', () => {
  it('reads an EXIF date with its offset, or as local time without one', () => {
    expect(exifDateToIso('2026:05:12 10:42:07', '+02:00')).toBe('2026-05-12T08:42:07.000Z');
    expect(exifDateToIso('2026:05:12 10:42:07')).toBe(new Date(2026, 4, 12, 10, 42, 7).toISOString());
  });
  it('refuses what is not an EXIF date', () => {
    for (const v of ['', '2026-05-12', '2026:13:12 10:42:07', '0000:00:00 00:00:00', 42, null]) {
      expect(exifDateToIso(v)).toBeNull();
    }
  });
});
