/** The SWRX job id of a project (spec 2). */

/**
 * The characters of a job id's suffix: digits and capitals no one confuses when reading one
 * aloud or typing it from a letter (no 0/O, 1/I/L).
 */
export const JOB_ID_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
/** 31^5, about 28.6 million suffixes a year: collisions are rare, and retried (projects service). */
export const JOB_ID_SUFFIX_LENGTH = 5;
/** A job id the platform makes: SWRX, the year, five characters of JOB_ID_ALPHABET. */
export const generatedJobIdPattern = /^SWRX-\d{4}-[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{5}$/;

/** Random bytes (Web Crypto, in Node and the browser); tests may pass their own. */
type RandomBytes = (length: number) => Uint8Array;
const cryptoBytes: RandomBytes = (length) => crypto.getRandomValues(new Uint8Array(length));

/**
 * A random job id suffix, each character equally likely: bytes of 248 and above are drawn
 * again (248 = 8 x 31), so no character is favoured by the modulo.
 */
export function randomJobIdSuffix(randomBytes: RandomBytes = cryptoBytes): string {
  const limit = 256 - (256 % JOB_ID_ALPHABET.length);
  let out = '';
  while (out.length < JOB_ID_SUFFIX_LENGTH) {
    for (const byte of randomBytes(JOB_ID_SUFFIX_LENGTH * 2)) {
      if (byte < limit && out.length < JOB_ID_SUFFIX_LENGTH)
        out += JOB_ID_ALPHABET[byte % JOB_ID_ALPHABET.length];
    }
  }
  return out;
}

/**
 * The SWRX job id of a new project (spec 2: 'SWRX-year-number'): its year and a random suffix,
 * e.g. SWRX-2026-7KQ4M. Readable, and not a count: a running number would tell anyone who sees
 * two job ids how many projects the platform made between them. Projects created before keep
 * their numbered ids (SWRX-2026-0042).
 */
export function projectTitle(createdAt: Date, suffix: string = randomJobIdSuffix()): string {
  return `SWRX-${createdAt.getUTCFullYear()}-${suffix}`;
}
