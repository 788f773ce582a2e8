// LIKE patterns from text people type. Postgres reads `\` as LIKE's escape character by
// default, so `%`, `_` and `\` are escaped with it and match themselves: a search for "50%"
// finds "50%", not everything.

/** The text with LIKE's wildcards escaped, to build a pattern around. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Matches anything containing the text. */
export function likePattern(text: string): string {
  return `%${escapeLike(text)}%`;
}

/** Matches anything starting with the text. */
export function likePrefix(text: string): string {
  return `${escapeLike(text)}%`;
}
