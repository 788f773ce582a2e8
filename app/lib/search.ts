// Forgiving search, the part that needs no database: how typed text and synonyms are
// normalised, and how a query becomes groups of alternatives. A product matches when its name
// contains one alternative of every group, so 'cabe merah' finds 'Cabai Merah Keriting' and
// 'brambang' finds 'Bawang Merah'. Shared by the catalog, the suggestions and the staff page.
import { normalizeQuery } from "./catalog-filters";

export const SYNONYM_MIN_LENGTH = 2;
export const SYNONYM_MAX_LENGTH = 40;
/** Longest synonym phrase looked for in a query, in words ('bawang prei' is two). */
export const MAX_PHRASE_WORDS = 3;
/** Bounds on one query's work: words considered and alternatives per word. */
export const MAX_SEARCH_GROUPS = 6;
export const MAX_ALTERNATIVES = 8;

export type SynonymPair = { term: string; synonym: string };

/**
 * Text as the search compares it: lower case, runs of spaces made one. Punctuation stays, so
 * '50%' still finds '50%'.
 */
export function normalizeSearchText(raw: string | null | undefined): string {
  return normalizeQuery(raw).toLocaleLowerCase("id-ID");
}

/** A synonym as staff may store it: letters (any script), digits, spaces and hyphens only. */
export const SYNONYM_PATTERN = /^[\p{L}\p{N}][\p{L}\p{N} -]*$/u;

/** The words of a normalised query, at most MAX_SEARCH_GROUPS of them. */
export function queryWords(q: string): string[] {
  return normalizeSearchText(q).split(" ").filter(Boolean).slice(0, MAX_SEARCH_GROUPS);
}

/** Every phrase of one to MAX_PHRASE_WORDS consecutive words: what a synonym lookup asks for. */
export function queryPhrases(q: string): string[] {
  const words = queryWords(q);
  const phrases = new Set<string>();
  for (let i = 0; i < words.length; i++)
    for (let n = 1; n <= MAX_PHRASE_WORDS && i + n <= words.length; n++) phrases.add(words.slice(i, i + n).join(" "));
  return [...phrases];
}

/**
 * Words that mean the same, as groups: pairs chain, so with (cabe, cabai) and (lombok, cabai)
 * each of the three finds the other two.
 */
export function synonymClasses(pairs: readonly SynonymPair[]): Map<string, string[]> {
  const parent = new Map<string, string>();
  const find = (x: string): string => {
    let root = x;
    while (parent.get(root) !== root) root = parent.get(root)!;
    parent.set(x, root);
    return root;
  };
  for (const { term, synonym } of pairs) {
    for (const w of [term, synonym]) if (!parent.has(w)) parent.set(w, w);
    parent.set(find(term), find(synonym));
  }
  const members = new Map<string, string[]>();
  for (const w of parent.keys()) {
    const root = find(w);
    members.set(root, [...(members.get(root) ?? []), w]);
  }
  const classes = new Map<string, string[]>();
  for (const list of members.values()) for (const w of list) classes.set(w, list);
  return classes;
}

/**
 * The query as groups of alternatives, longest synonym phrase first: with the pair
 * (brambang, bawang merah), 'brambang goreng' is [[brambang, bawang merah], [goreng]] and
 * 'bawang merah' is one group [bawang merah, brambang]. The typed text always comes first.
 */
export function searchGroups(q: string, pairs: readonly SynonymPair[]): string[][] {
  const words = queryWords(q);
  const classes = synonymClasses(pairs);
  const groups: string[][] = [];
  for (let i = 0; i < words.length;) {
    let taken = 1;
    let alternatives = [words[i]];
    for (let n = Math.min(MAX_PHRASE_WORDS, words.length - i); n >= 1; n--) {
      const phrase = words.slice(i, i + n).join(" ");
      const same = classes.get(phrase);
      if (same) {
        taken = n;
        alternatives = [phrase, ...same.filter((w) => w !== phrase).sort()];
        break;
      }
    }
    groups.push(alternatives.slice(0, MAX_ALTERNATIVES));
    i += taken;
  }
  // The same word twice ('cabai cabai') asks once.
  return groups.filter((g, i) => groups.findIndex((h) => h.join("\n") === g.join("\n")) === i);
}
