import { checkChosenFile, SNIFF_BYTES, sniffContentType } from '@domain/projects/project-files';
import { MAX_FILES_PER_UPLOAD, type ProjectFileKind, projectFileMessages } from '@domain/projects/schemas';
import { useEffect, useRef, useState } from 'react';

export interface Chosen {
  key: string;
  file: File;
  /** An object URL of an image, for its preview; null for a document. */
  preview: string | null;
}

export interface Refused {
  key: string;
  name: string;
  message: string;
}

let nextKey = 0;

async function headOf(file: File): Promise<Uint8Array | undefined> {
  try {
    return new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
  } catch {
    // unreadable here (a file removed from disk since): the server has the last word
    return undefined;
  }
}

/**
 * The files chosen for an upload of the file upload dialog: each checked as the server will
 * (name, size, first bytes, at most MAX_FILES_PER_UPLOAD) before any byte is sent, the files the
 * last choice refused with why, and an image's preview (an object URL that lives as long as its entry).
 */
export function useChosenFiles(kind: ProjectFileKind) {
  const [chosen, setChosen] = useState<Chosen[]>([]);
  const [refused, setRefused] = useState<Refused[]>([]);

  // previews live as long as their entry
  const previews = useRef(new Set<string>());
  useEffect(
    () => () => {
      for (const url of previews.current) URL.revokeObjectURL(url);
    },
    [],
  );

  function release(entries: Chosen[]) {
    for (const entry of entries) {
      if (entry.preview) {
        URL.revokeObjectURL(entry.preview);
        previews.current.delete(entry.preview);
      }
    }
  }

  /** Adds the files that pass the checks; the others replace the last choice's refusals. */
  async function add(files: File[]) {
    const accepted: Chosen[] = [];
    const problems: Refused[] = [];
    const room = MAX_FILES_PER_UPLOAD - chosen.length;
    for (const file of files) {
      const head = await headOf(file);
      const problem =
        accepted.length >= room
          ? projectFileMessages.tooMany
          : checkChosenFile(kind, { name: file.name, size: file.size, head });
      if (problem) {
        problems.push({ key: `r${++nextKey}`, name: file.name, message: problem });
        continue;
      }
      const type = head ? sniffContentType(head) : null;
      const isImage = type ? type.startsWith('image/') : !/\.pdf$/i.test(file.name);
      const preview = isImage ? URL.createObjectURL(file) : null;
      if (preview) previews.current.add(preview);
      accepted.push({ key: `f${++nextKey}`, file, preview });
    }
    setChosen((current) => [...current, ...accepted]);
    setRefused(problems);
  }

  function remove(key: string) {
    setChosen((current) => {
      release(current.filter((c) => c.key === key));
      return current.filter((c) => c.key !== key);
    });
  }

  /** Forgets every chosen file and refusal (the dialog was closed). */
  function clear() {
    release(chosen);
    setChosen([]);
    setRefused([]);
  }

  return { chosen, refused, add, remove, clear };
}
