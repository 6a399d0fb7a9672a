import { sniffContentType, type UploadContentType } from '../files/content-type';
import {
  DOCUMENT_CONTENT_TYPES,
  DOCUMENT_MAX_BYTES,
  IMAGE_CONTENT_TYPES,
  IMAGE_MAX_BYTES,
  type ProjectFile,
  type ProjectFileKind,
  projectFileMessages,
} from './schemas';

/**
 * The rules of a project's files that the server enforces and the browser checks first: which
 * types each upload takes (by content, not by name), how large, under which form field, and how
 * a file name from someone's disk becomes one that is safe to store and show.
 */

export type ProjectFileContentType = UploadContentType;

export { SNIFF_BYTES, sniffContentType } from '../files/content-type';

export interface ProjectFileUploadRule {
  /** POST /api/projects/{id}/{path} */
  path: 'photos' | 'images' | 'documents';
  /** The multipart field the files come in. */
  field: 'photos' | 'images' | 'documents';
  contentTypes: readonly ProjectFileContentType[];
  maxBytes: number;
  typeMessage: string;
  tooLargeMessage: string;
  /** For `<input type="file" accept>`. */
  accept: string;
  /** The name given to a file whose own name has nothing usable left. */
  fallbackName: string;
}

const IMAGE_ACCEPT = 'image/png,image/jpeg,image/gif,.png,.jpg,.jpeg,.gif';

export const projectFileUploadRules: Record<ProjectFileKind, ProjectFileUploadRule> = {
  install_photo: {
    path: 'photos',
    field: 'photos',
    contentTypes: IMAGE_CONTENT_TYPES,
    maxBytes: IMAGE_MAX_BYTES,
    typeMessage: projectFileMessages.imageType,
    tooLargeMessage: projectFileMessages.imageTooLarge,
    accept: IMAGE_ACCEPT,
    fallbackName: 'photo',
  },
  image: {
    path: 'images',
    field: 'images',
    contentTypes: IMAGE_CONTENT_TYPES,
    maxBytes: IMAGE_MAX_BYTES,
    typeMessage: projectFileMessages.imageType,
    tooLargeMessage: projectFileMessages.imageTooLarge,
    accept: IMAGE_ACCEPT,
    fallbackName: 'image',
  },
  document: {
    path: 'documents',
    field: 'documents',
    contentTypes: DOCUMENT_CONTENT_TYPES,
    maxBytes: DOCUMENT_MAX_BYTES,
    typeMessage: projectFileMessages.documentType,
    tooLargeMessage: projectFileMessages.documentTooLarge,
    accept: 'application/pdf,image/png,image/jpeg,.pdf,.png,.jpg,.jpeg',
    fallbackName: 'document',
  },
};

const EXTENSIONS: Record<ProjectFileContentType, readonly string[]> = {
  'image/png': ['.png'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/gif': ['.gif'],
  'application/pdf': ['.pdf'],
};

/** Longest stored name, in characters (extension included). */
export const MAX_FILE_NAME_LENGTH = 120;

/**
 * Whether a stored name drops this character: C0 and C1 controls and DEL (they break headers,
 * logs and terminals; PostgreSQL refuses NUL), bidirectional controls and zero-width characters
 * (they disguise 'photo\u202Egpj.exe' as 'photoexe.jpg').
 */
function isUnsafeCodePoint(cp: number): boolean {
  return (
    cp <= 0x1f ||
    (cp >= 0x7f && cp <= 0x9f) ||
    (cp >= 0x200b && cp <= 0x200f) ||
    (cp >= 0x202a && cp <= 0x202e) ||
    (cp >= 0x2060 && cp <= 0x2069) ||
    cp === 0xfeff ||
    // a lone surrogate: iterating by code point yields it alone, and it cannot be encoded
    (cp >= 0xd800 && cp <= 0xdfff)
  );
}

function withoutUnsafe(text: string): string {
  let out = '';
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0;
    // tab and line breaks separate words: they become spaces, not nothing
    if (cp >= 0x09 && cp <= 0x0d) out += ' ';
    else if (!isUnsafeCodePoint(cp)) out += ch;
  }
  return out;
}

/** Reserved on common file systems: replaced so a downloaded copy keeps a usable name. */
const RESERVED = /[<>:"|?*]/g;

/**
 * A file name that is safe to store, show and offer as a download name: the last segment of any
 * path (no '../'), without control, bidirectional or zero-width characters, on one line, at most
 * MAX_FILE_NAME_LENGTH characters with its extension kept, ending in an extension of its real
 * type (a PNG named 'roof.jpg' becomes 'roof.jpg.png'). An empty result becomes `fallback` + ext.
 */
export function safeFileName(raw: string, contentType: ProjectFileContentType, fallback: string): string {
  const extensions = EXTENSIONS[contentType];
  const lastSegment = raw.split(/[/\\]/).pop() ?? '';
  let name = withoutUnsafe(lastSegment)
    .normalize('NFC')
    .replace(RESERVED, '_')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[.\s]+/, '')
    .replace(/[.\s]+$/, '');
  const lower = name.toLowerCase();
  const hasExtension = extensions.some((ext) => lower.endsWith(ext) && lower.length > ext.length);
  let ext = extensions[0] as string;
  if (hasExtension) {
    ext = name.slice(name.lastIndexOf('.'));
    name = name.slice(0, -ext.length).replace(/[.\s]+$/, '');
  }
  const chars = [...name];
  const room = MAX_FILE_NAME_LENGTH - ext.length;
  if (chars.length > room) name = chars.slice(0, room).join('').trimEnd();
  return `${name || fallback}${ext}`;
}

/** What the browser knows of a chosen file before sending it. */
export interface ChosenFile {
  name: string;
  size: number;
  /** The first SNIFF_BYTES bytes, when read; without them only the size and name are checked. */
  head?: Uint8Array;
}

/**
 * The browser's check of a chosen file before any byte is sent: the same limits the server
 * enforces, so a person learns at once which file is wrong. Null when the file may be sent.
 */
export function checkChosenFile(kind: ProjectFileKind, file: ChosenFile): string | null {
  const rule = projectFileUploadRules[kind];
  if (file.head) {
    const type = sniffContentType(file.head);
    if (!type || !rule.contentTypes.includes(type)) return rule.typeMessage;
  } else {
    const lower = file.name.toLowerCase();
    const known = rule.contentTypes.some((t) => EXTENSIONS[t].some((ext) => lower.endsWith(ext)));
    if (!known) return rule.typeMessage;
  }
  if (file.size > rule.maxBytes) return rule.tooLargeMessage;
  return null;
}

/** Same-origin path of a stored file. */
export const projectFileUrl = (projectId: string, fileId: string): string =>
  `/api/projects/${projectId}/files/${fileId}`;
export const projectFileThumbnailUrl = (projectId: string, fileId: string): string =>
  `${projectFileUrl(projectId, fileId)}/thumbnail`;
/** The file as a download (`content-disposition: attachment`) rather than shown in the browser. */
export const projectFileDownloadUrl = (file: Pick<ProjectFile, 'url'>): string => `${file.url}?download=1`;

/**
 * The file fields of a Project answer (spec 2 §3) from its files: `documents` (names),
 * `images` and `installPhotos` (links), and `files` with each one's details.
 */
export function projectFileFields(files: readonly ProjectFile[]): {
  files: ProjectFile[];
  documents: string[];
  images: string[];
  installPhotos: string[];
} {
  return {
    files: [...files],
    documents: files.filter((f) => f.kind === 'document').map((f) => f.fileName),
    images: files.filter((f) => f.kind === 'image').map((f) => f.url),
    installPhotos: files.filter((f) => f.kind === 'install_photo').map((f) => f.url),
  };
}
