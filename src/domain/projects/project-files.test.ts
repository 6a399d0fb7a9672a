import { describe, expect, it } from 'vitest';
import {
  checkChosenFile,
  MAX_FILE_NAME_LENGTH,
  projectFileFields,
  safeFileName,
  sniffContentType,
} from './project-files';
import { IMAGE_MAX_BYTES, type ProjectFile, projectFileMessages } from './schemas';

const bytes = (...b: number[]) => new Uint8Array(b);
const PNG = bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
const JPEG = bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46);
const GIF = new TextEncoder().encode('GIF89a\x01\x00');
const PDF = new TextEncoder().encode('%PDF-1.7');

describe('sniffContentType', () => {
  it('reads the type from the first bytes, never from a name', () => {
    expect(sniffContentType(PNG)).toBe('image/png');
    expect(sniffContentType(JPEG)).toBe('image/jpeg');
    expect(sniffContentType(GIF)).toBe('image/gif');
    expect(sniffContentType(new TextEncoder().encode('GIF87a..'))).toBe('image/gif');
    expect(sniffContentType(PDF)).toBe('application/pdf');
    expect(sniffContentType(new TextEncoder().encode('GIF88a..'))).toBeNull();
    expect(sniffContentType(new TextEncoder().encode('hello, roof'))).toBeNull();
    expect(sniffContentType(PNG.subarray(0, 7))).toBeNull();
    expect(sniffContentType(bytes())).toBeNull();
  });
});

describe('safeFileName', () => {
  it.each([
    ['roof.png', 'image/png', 'roof.png'],
    ['../../etc/passwd.png', 'image/png', 'passwd.png'],
    ['C:\\Users\\me\\Pictures\\ridge.JPG', 'image/jpeg', 'ridge.JPG'],
    ['ridge.jpeg', 'image/jpeg', 'ridge.jpeg'],
    ['scan.png', 'image/jpeg', 'scan.png.jpg'],
    ['contract', 'application/pdf', 'contract.pdf'],
    ['a\u0000b\u0007c\u009b.png', 'image/png', 'abc.png'],
    ['invoice\u202Egnp.exe.png', 'image/png', 'invoicegnp.exe.png'],
    ['zero\u200Bwidth\uFEFF.gif', 'image/gif', 'zerowidth.gif'],
    ['lone \uD800 surrogate.png', 'image/png', 'lone surrogate.png'],
    ['emoji 🏠 roof.png', 'image/png', 'emoji 🏠 roof.png'],
    ['  spaced\t\nout   name .png ', 'image/png', 'spaced out name.png'],
    ['.hidden.png', 'image/png', 'hidden.png'],
    ['...', 'image/png', 'photo.png'],
    ['.png', 'image/png', 'png.png'],
    ['', 'application/pdf', 'photo.pdf'],
    ['what?<is>this:"|*.pdf', 'application/pdf', 'what__is_this____.pdf'],
  ] as const)('%j as %s -> %j', (raw, type, want) => {
    expect(safeFileName(raw, type, 'photo')).toBe(want);
  });

  it('keeps at most MAX_FILE_NAME_LENGTH characters, the extension included, without splitting a character', () => {
    const long = safeFileName(`${'x'.repeat(1000)}.jpeg`, 'image/jpeg', 'photo');
    expect(long).toBe(`${'x'.repeat(MAX_FILE_NAME_LENGTH - 5)}.jpeg`);
    const emoji = safeFileName(`${'🏠'.repeat(300)}.png`, 'image/png', 'photo');
    expect([...emoji]).toHaveLength(MAX_FILE_NAME_LENGTH);
    expect(emoji.endsWith('🏠.png')).toBe(true);
  });
});

describe('checkChosenFile', () => {
  it('names the first problem of a chosen file, by its bytes when they are read', () => {
    expect(checkChosenFile('install_photo', { name: 'a.png', size: 10, head: PNG })).toBeNull();
    expect(checkChosenFile('install_photo', { name: 'a.png', size: 10, head: PDF })).toBe(
      projectFileMessages.imageType,
    );
    expect(checkChosenFile('install_photo', { name: 'notes.txt', size: 10 })).toBe(
      projectFileMessages.imageType,
    );
    expect(checkChosenFile('install_photo', { name: 'a.gif', size: IMAGE_MAX_BYTES, head: GIF })).toBeNull();
    expect(checkChosenFile('install_photo', { name: 'a.gif', size: IMAGE_MAX_BYTES + 1, head: GIF })).toBe(
      projectFileMessages.imageTooLarge,
    );
    expect(checkChosenFile('document', { name: 'c.pdf', size: 10, head: PDF })).toBeNull();
    expect(checkChosenFile('document', { name: 'c.gif', size: 10, head: GIF })).toBe(
      projectFileMessages.documentType,
    );
    expect(checkChosenFile('image', { name: 'c.PNG', size: 10 })).toBeNull();
  });
});

describe('projectFileFields', () => {
  it('fills the Project answer: document names, image and install photo links, and every file', () => {
    const file = (id: string, kind: ProjectFile['kind'], fileName: string): ProjectFile => ({
      id,
      kind,
      documentType: null,
      capturedAt: null,
      step: null,
      caption: null,
      fileName,
      contentType: 'image/png',
      size: 1,
      url: `/api/projects/p/files/${id}`,
      thumbnailUrl: null,
      uploadedAt: '2026-05-14T10:00:00.000Z',
      uploadedBy: null,
    });
    const files = [
      file('1', 'document', 'Contract.pdf'),
      file('2', 'image', 'a.png'),
      file('3', 'install_photo', 'b.png'),
    ];
    expect(projectFileFields(files)).toEqual({
      files,
      documents: ['Contract.pdf'],
      images: ['/api/projects/p/files/2'],
      installPhotos: ['/api/projects/p/files/3'],
    });
  });
});
