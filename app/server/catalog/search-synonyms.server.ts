// Search synonyms ('Sinonim Pencarian'): what the catalog search reads for a query, and the
// staff page's list, add and remove. Pairs work both ways and chain (app/lib/search.ts).
import { asc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { uuidField } from "~/lib/form-schema";
import type { Queryable } from "~/db/client.server";
import { catalogState, searchSynonyms } from "~/db/schema";
import { formFailure, formSuccess, type FormResult } from "~/lib/form";
import {
  normalizeSearchText,
  queryPhrases,
  SYNONYM_MAX_LENGTH,
  SYNONYM_MIN_LENGTH,
  SYNONYM_PATTERN,
  type SynonymPair,
} from "~/lib/search";
import { assertAdmin, type AdminActor } from "../accounts/actor.server";
import { log } from "../logger.server";

/** A staff page's worth: far more than a shop needs, small enough to read in one query per search. */
export const MAX_SYNONYMS = 1000;

/**
 * The pairs a query can use: those naming one of its phrases, and the pairs chained to those
 * ('lombok' -> 'cabai' -> 'cabe'). One recursive query; the table is small and indexed.
 */
export async function synonymsFor(db: Queryable, q: string): Promise<SynonymPair[]> {
  const phrases = queryPhrases(q);
  if (phrases.length === 0) return [];
  const list = sql.join(
    phrases.map((p) => sql`${p}`),
    sql`, `,
  );
  const rows = await db.execute<{ term: string; synonym: string }>(sql`
    with recursive words(w) as (
      select unnest(array[${list}]::text[])
      union
      select case when s.term = words.w then s.synonym else s.term end
      from search_synonyms s join words on s.term = words.w or s.synonym = words.w
    )
    select term, synonym from search_synonyms
    where term in (select w from words) or synonym in (select w from words)
    order by term, synonym
    limit ${MAX_SYNONYMS}`);
  return rowsOf<SynonymPair>(rows).map((r) => ({ term: r.term, synonym: r.synonym }));
}

// Every pair, per database handle, with the catalog version it was read at. A synonym change
// bumps the version (a trigger), so a search asks only for the version (one row by its key)
// and reads the pairs again when it moved: one small query per search instead of the
// recursive one, which cost the embedded database 1.5 ms of a 3 ms search.
const known = new WeakMap<object, { version: number; pairs: SynonymPair[] }>();

/**
 * All pairs, as current as the catalog version read now. searchGroups with all of them gives
 * what it gives with a query's own (synonymsFor): pairs that share no word with the query's
 * phrases change none of its groups.
 */
export async function currentSynonyms(db: Queryable): Promise<SynonymPair[]> {
  const [state] = await db.select({ version: catalogState.version }).from(catalogState).limit(1);
  const version = state?.version ?? 0;
  const cached = known.get(db);
  if (cached && cached.version === version) return cached.pairs;
  const pairs = await db
    .select({ term: searchSynonyms.term, synonym: searchSynonyms.synonym })
    .from(searchSynonyms)
    .orderBy(asc(searchSynonyms.term), asc(searchSynonyms.synonym))
    .limit(MAX_SYNONYMS);
  known.set(db, { version, pairs });
  return pairs;
}

/** node-postgres answers `{ rows }`, PGlite too; both are read the same way. */
function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

export type SynonymRow = { id: string; term: string; synonym: string; createdAt: Date };

export async function listSynonyms(db: Queryable, actor: AdminActor): Promise<SynonymRow[]> {
  assertAdmin(actor);
  return db
    .select({
      id: searchSynonyms.id,
      term: searchSynonyms.term,
      synonym: searchSynonyms.synonym,
      createdAt: searchSynonyms.createdAt,
    })
    .from(searchSynonyms)
    .orderBy(asc(searchSynonyms.synonym), asc(searchSynonyms.term))
    .limit(MAX_SYNONYMS);
}

const synonymWord = (label: string) =>
  z
    .string({ error: `${label} wajib diisi.` })
    .transform((v) => normalizeSearchText(v))
    .pipe(
      z
        .string()
        .min(SYNONYM_MIN_LENGTH, `${label} minimal ${SYNONYM_MIN_LENGTH} huruf.`)
        .max(SYNONYM_MAX_LENGTH, `${label} maksimal ${SYNONYM_MAX_LENGTH} karakter.`)
        .regex(SYNONYM_PATTERN, `${label} hanya boleh berisi huruf, angka, spasi dan tanda hubung.`)
        .refine((v) => v.split(" ").length <= 3, `${label} paling banyak tiga kata.`),
    );

const synonymFields = {
  term: synonymWord("Kata yang diketik"),
  synonym: synonymWord("Sama dengan"),
};
const sameWords = {
  path: ["synonym"],
  message: "Kedua kata sama. Isi kata lain yang artinya sama.",
};

export const addSynonymSchema = z.object(synonymFields).refine((v) => v.term !== v.synonym, sameWords);

export const removeSynonymSchema = z.object({
  id: uuidField("Sinonim tidak ditemukan."),
});

/** The staff page's one form contract: add a pair, or remove one. */
export const synonymChangeSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("add"), ...synonymFields }).refine((v) => v.term !== v.synonym, sameWords),
    z.object({ intent: z.literal("remove"), ...removeSynonymSchema.shape }),
  ],
  { error: "Permintaan tidak dikenal." },
);

export async function changeSynonym(
  db: Queryable,
  actor: AdminActor,
  input: z.output<typeof synonymChangeSchema>,
): Promise<FormResult> {
  return input.intent === "add" ? addSynonym(db, actor, input) : removeSynonym(db, actor, input);
}

export async function addSynonym(
  db: Queryable,
  actor: AdminActor,
  input: z.output<typeof addSynonymSchema>,
): Promise<FormResult> {
  assertAdmin(actor);
  const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(searchSynonyms);
  if (Number(total) >= MAX_SYNONYMS)
    return formFailure(409, `Sudah ada ${MAX_SYNONYMS} sinonim. Hapus yang tidak dipakai dulu.`);
  const inserted = await db
    .insert(searchSynonyms)
    .values({ term: input.term, synonym: input.synonym, createdBy: actor.id })
    .onConflictDoNothing()
    .returning({ id: searchSynonyms.id });
  if (inserted.length === 0)
    return formFailure(409, `Sinonim “${input.term}” = “${input.synonym}” sudah ada.`, {
      fieldErrors: { term: "Pasangan kata ini sudah ada." },
      values: { term: input.term, synonym: input.synonym },
    });
  log.info("search synonym added", { by: actor.id, term: input.term, synonym: input.synonym });
  return formSuccess(`Sinonim “${input.term}” = “${input.synonym}” ditambahkan.`);
}

export async function removeSynonym(
  db: Queryable,
  actor: AdminActor,
  input: z.output<typeof removeSynonymSchema>,
): Promise<FormResult> {
  assertAdmin(actor);
  const [removed] = await db
    .delete(searchSynonyms)
    .where(eq(searchSynonyms.id, input.id))
    .returning({ term: searchSynonyms.term, synonym: searchSynonyms.synonym });
  if (!removed) return formFailure(404, "Sinonim tidak ditemukan. Mungkin sudah dihapus.");
  log.info("search synonym removed", { by: actor.id, term: removed.term, synonym: removed.synonym });
  return formSuccess(`Sinonim “${removed.term}” = “${removed.synonym}” dihapus.`);
}
