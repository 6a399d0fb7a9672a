import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEASUREMENT_FIXTURES_DIR } from '../../../../tests/fixtures/paths';
import { createIntent, draftId, multipart, quoteData } from '../../../../tests/helpers/quote-order';
import { createTestContext, type TestContext } from '../../../../tests/helpers/test-context';
import { quotes, uploads } from '../../platform/db/schema';

const FIXTURES = MEASUREMENT_FIXTURES_DIR;
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name));

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});

afterAll(async () => {
  await ctx?.close();
});

async function upload(
  file: { name: string; content: Buffer | string; field?: string },
  source?: string,
  opts: { sourceInQuery?: boolean } = {},
) {
  const body = multipart(source && !opts.sourceInQuery ? { measurementFileSource: source } : {}, file);
  const url =
    source && opts.sourceInQuery
      ? `/api/uploads/sketch?measurementFileSource=${encodeURIComponent(source)}`
      : '/api/uploads/sketch';
  return ctx.app.inject({ method: 'POST', url, payload: body.payload, headers: body.headers });
}

describe('POST /api/uploads/sketch', () => {
  it('stores a good file durably under an unguessable address and serves it back', async () => {
    const content = fixture('roofr-gable.csv');
    const res = await upload({ name: 'roofr-gable.csv', content }, 'Roofr .csv');
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      fileName: 'roofr-gable.csv',
      size: content.length,
      contentType: 'text/csv',
    });
    expect(body.publicUrl).toMatch(/^\/api\/uploads\/sketch\/[A-Za-z0-9_-]{22}$/);

    const [row] = await ctx.platform.db.select().from(uploads).where(eq(uploads.kind, 'sketch'));
    expect(row).toBeDefined();
    expect(await ctx.platform.storage.exists(row?.storageKey ?? '')).toBe(true);

    const served = await ctx.app.inject({ method: 'GET', url: body.publicUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toContain('text/csv');
    expect(served.headers['content-disposition']).toContain('attachment');
    expect(served.rawPayload.equals(content)).toBe(true);

    const guessed = await ctx.app.inject({
      method: 'GET',
      url: '/api/uploads/sketch/AAAAAAAAAAAAAAAAAAAAAA',
    });
    expect(guessed.statusCode).toBe(404);
  });

  it('accepts the measurement source as a query parameter', async () => {
    const res = await upload(
      { name: 'hover-gable.json', content: fixture('hover-gable.json') },
      'HOVER .json',
      {
        sourceInQuery: true,
      },
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().contentType).toBe('application/json');
  });

  it('refuses a file over 5 MB with 413 and its real size', async () => {
    const size = Math.round(6.2 * 1024 * 1024);
    const res = await upload({ name: 'big.json', content: Buffer.alloc(size, 0x20) });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('File size too large. Maximum allowed size is 5MB. Your file is 6.2MB.');
    expect(res.json().error).toBe(res.json().message);
  });

  it('still names the size of a file beyond the read limit', async () => {
    const res = await upload({ name: 'huge.csv', content: Buffer.alloc(30 * 1024 * 1024, 0x61) });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(
      /^File size too large\. Maximum allowed size is 5MB\. Your file is 30(\.\d+)?MB\.$/,
    );
  });

  it('refuses other extensions with 415', async () => {
    const res = await upload({ name: 'roof.pdf', content: '%PDF-1.4' });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe(
      'Invalid file type. Only sketch data files are allowed: .json, .xml, .csv',
    );
  });

  it('refuses malformed content for its extension with 400', async () => {
    const xml = await upload({
      name: 'eagleview-truncated.xml',
      content: fixture('bad/eagleview-truncated.xml'),
    });
    expect(xml.statusCode).toBe(400);
    expect(xml.json().message).toMatch(/^The file is not well-formed XML: .+\(line \d+\)$/);

    const json = await upload({ name: 'broken.json', content: '{"roof": {"area": 1800' });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toMatch(/^The file is not valid JSON: /);

    const csv = await upload({ name: 'broken.csv', content: 'a,b,c\n1,"2,3\n' });
    expect(csv.statusCode).toBe(400);
    expect(csv.json().message).toMatch(/^The file is not a valid CSV file: /);

    const binary = await upload({ name: 'binary.json', content: Buffer.from([0xff, 0xfe, 0x00, 0x01]) });
    expect(binary.statusCode).toBe(400);

    const empty = await upload({ name: 'empty.csv', content: '' });
    expect(empty.statusCode).toBe(400);
  });

  it('checks the file against the chosen measurement source', async () => {
    const wrongExtension = await upload(
      { name: 'roofr-gable.csv', content: fixture('roofr-gable.csv') },
      'HOVER .json',
    );
    expect(wrongExtension.statusCode).toBe(400);
    expect(wrongExtension.json().message).toBe(
      'This is a .csv file, but the HOVER .json source needs a .json file. Choose the matching measurement file source or upload the .json file.',
    );

    const notHover = await upload(
      { name: 'hover-missing-roof.json', content: fixture('bad/hover-missing-roof.json') },
      'HOVER .json',
    );
    expect(notHover.statusCode).toBe(400);
    expect(notHover.json().message.length).toBeGreaterThan(10);

    const otherXml = await upload(
      { name: 'gaf.xml', content: fixture('bad/gaf-quicksquare-wrong-schema.xml') },
      'GAF QuickSquare .xml',
    );
    expect(otherXml.statusCode).toBe(400);
  });

  it('answers 400 without a file and 415 without multipart', async () => {
    const noFile = await upload({ name: 'x.json', content: '{}', field: 'other' });
    expect(noFile.statusCode).toBe(400);
    const json = await ctx.app.inject({
      method: 'POST',
      url: '/api/uploads/sketch',
      payload: { sketchFile: 'x' },
    });
    expect(json.statusCode).toBe(415);
  });
});

describe('sketch files on a quote', () => {
  it('stores the sketch with the quote, taking its name and size from the upload', async () => {
    const content = fixture('eagleview-gable.xml');
    const up = await upload({ name: 'eagleview-gable.xml', content }, 'Eagleview .xml');
    expect(up.statusCode, up.body).toBe(201);
    const res = await createIntent(ctx.app, {
      quoteData: quoteData({
        measurementFileSource: 'Eagleview .xml',
        sketchFileUrl: up.json().publicUrl,
        sketchFileName: 'renamed-by-browser.xml',
        sketchFileSize: 1,
      }),
      draftId: draftId(),
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await ctx.platform.db.select().from(quotes).where(eq(quotes.id, res.json().quoteId));
    expect(row).toMatchObject({
      measurementFileSource: 'Eagleview .xml',
      sketchFileUrl: up.json().publicUrl,
      sketchFileName: 'eagleview-gable.xml',
      sketchFileSize: content.length,
    });
    expect(row?.sketchUploadId).toBeTruthy();
  });

  it('requires the sketch file when a source is chosen, and refuses an address that is not ours', async () => {
    const missing = await createIntent(ctx.app, {
      quoteData: quoteData({ measurementFileSource: 'HOVER .json' }),
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fieldErrors['quoteData.sketchFile']).toEqual([
      'Please upload your sketch file, or choose "I don\'t have a sketch file available".',
    ]);

    const foreign = await createIntent(ctx.app, {
      quoteData: quoteData({
        measurementFileSource: 'HOVER .json',
        sketchFileUrl: '/api/uploads/sketch/AAAAAAAAAAAAAAAAAAAAAA',
        sketchFileName: 'x.json',
        sketchFileSize: 10,
      }),
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().fieldErrors.sketchFile).toEqual([
      'The uploaded sketch file was not found. Please upload it again.',
    ]);
  });

  it('checks a stored file against the source again when the quote is saved', async () => {
    // uploaded without a source: only its well-formedness was checked
    const up = await upload({ name: 'survey.xml', content: fixture('bad/gaf-quicksquare-wrong-schema.xml') });
    expect(up.statusCode, up.body).toBe(201);
    const res = await createIntent(ctx.app, {
      quoteData: quoteData({
        measurementFileSource: 'Eagleview .xml',
        sketchFileUrl: up.json().publicUrl,
        sketchFileName: 'survey.xml',
        sketchFileSize: 100,
      }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors.sketchFile?.[0]).toMatch(/survey\.xml/);
  });
});
