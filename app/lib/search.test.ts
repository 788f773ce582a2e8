import { describe, expect, it } from "vitest";
import { normalizeSearchText, queryPhrases, searchGroups, synonymClasses, SYNONYM_PATTERN } from "./search";

const pairs = [
  { term: "cabe", synonym: "cabai" },
  { term: "lombok", synonym: "cabai" },
  { term: "brambang", synonym: "bawang merah" },
  { term: "bawang prei", synonym: "daun bawang" },
];

describe("normalizeSearchText", () => {
  it("lowers case and folds spaces, keeping punctuation literal", () => {
    expect(normalizeSearchText("  Cabe   RAWIT\t")).toBe("cabe rawit");
    expect(normalizeSearchText("50%")).toBe("50%");
    expect(normalizeSearchText(null)).toBe("");
    expect(normalizeSearchText("a\u0000b")).toBe("a b");
  });
});

describe("queryPhrases", () => {
  it("gives every run of up to three words", () => {
    expect(queryPhrases("Bawang Prei segar")).toEqual([
      "bawang",
      "bawang prei",
      "bawang prei segar",
      "prei",
      "prei segar",
      "segar",
    ]);
    expect(queryPhrases("   ")).toEqual([]);
  });
});

describe("synonymClasses", () => {
  it("chains pairs both ways", () => {
    const classes = synonymClasses(pairs);
    expect(classes.get("lombok")?.sort()).toEqual(["cabai", "cabe", "lombok"]);
    expect(classes.get("cabai")?.sort()).toEqual(["cabai", "cabe", "lombok"]);
    expect(classes.get("bayam")).toBeUndefined();
  });
});

describe("searchGroups", () => {
  it("offers the synonyms of each word, the typed word first", () => {
    expect(searchGroups("Cabe", pairs)).toEqual([["cabe", "cabai", "lombok"]]);
    expect(searchGroups("cabe rawit", pairs)).toEqual([["cabe", "cabai", "lombok"], ["rawit"]]);
  });

  it("takes the longest known phrase", () => {
    expect(searchGroups("bawang prei", pairs)).toEqual([["bawang prei", "daun bawang"]]);
    expect(searchGroups("bawang merah", pairs)).toEqual([["bawang merah", "brambang"]]);
    expect(searchGroups("brambang goreng", pairs)).toEqual([["brambang", "bawang merah"], ["goreng"]]);
    expect(searchGroups("bawang putih", pairs)).toEqual([["bawang"], ["putih"]]);
  });

  it("asks a repeated word once and caps the work", () => {
    expect(searchGroups("cabai cabai", pairs)).toEqual([["cabai", "cabe", "lombok"]]);
    expect(searchGroups("a b c d e f g h i", [])).toHaveLength(6);
    expect(searchGroups("", pairs)).toEqual([]);
  });
});

describe("SYNONYM_PATTERN", () => {
  it("takes words, digits, spaces and hyphens only", () => {
    expect(SYNONYM_PATTERN.test("bawang prei")).toBe(true);
    expect(SYNONYM_PATTERN.test("pak-coy")).toBe(true);
    expect(SYNONYM_PATTERN.test("cabe%")).toBe(false);
    expect(SYNONYM_PATTERN.test("-cabe")).toBe(false);
  });
});
