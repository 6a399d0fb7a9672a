/**
 * A Content-Disposition header for a stored file: `attachment` (save it) or `inline` (show it),
 * with an ASCII fallback name (quotes, backslashes, percent signs, slashes and anything outside
 * printable ASCII replaced) and the exact name in RFC 5987 form for browsers that read it.
 */
export function contentDisposition(
  filename: string,
  disposition: 'attachment' | 'inline' = 'attachment',
): string {
  const fallback = filename.replace(/[^\x20-\x7e]|["\\%/]/g, '_') || 'file';
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${disposition}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
