CREATE TABLE "search_synonyms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"term" text NOT NULL,
	"synonym" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "search_synonyms_distinct_check" CHECK ("search_synonyms"."term" <> "search_synonyms"."synonym"),
	CONSTRAINT "search_synonyms_length_check" CHECK (length("search_synonyms"."term") between 2 and 40 and length("search_synonyms"."synonym") between 2 and 40)
);
--> statement-breakpoint
ALTER TABLE "search_synonyms" ADD CONSTRAINT "search_synonyms_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "search_synonyms_pair_idx" ON "search_synonyms" USING btree (least("term", "synonym"),greatest("term", "synonym"));--> statement-breakpoint
CREATE INDEX "search_synonyms_term_idx" ON "search_synonyms" USING btree ("term");--> statement-breakpoint
CREATE INDEX "search_synonyms_synonym_idx" ON "search_synonyms" USING btree ("synonym");
--> statement-breakpoint
-- A changed synonym changes what the cached search pages show.
CREATE TRIGGER "search_synonyms_bump_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "search_synonyms" FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();
--> statement-breakpoint
-- How shoppers in Jember write what the catalog calls otherwise: spelling variants, Javanese
-- and Madurese market words, and shorter names. Staff add more on 'Sinonim Pencarian'.
INSERT INTO "search_synonyms" ("term", "synonym") VALUES
  ('cabe', 'cabai'),
  ('lombok', 'cabai'),
  ('sereh', 'serai'),
  ('toge', 'tauge'),
  ('taoge', 'tauge'),
  ('kecambah', 'tauge'),
  ('kol', 'kubis'),
  ('bombay', 'bombai'),
  ('brambang', 'bawang merah'),
  ('bawang prei', 'daun bawang'),
  ('bawang pre', 'daun bawang'),
  ('loncang', 'daun bawang'),
  ('jahe abang', 'jahe merah'),
  ('laos', 'lengkuas'),
  ('kunir', 'kunyit'),
  ('timun', 'mentimun'),
  ('ketimun', 'mentimun'),
  ('terung', 'terong'),
  ('pete', 'petai'),
  ('jipang', 'labu siam'),
  ('lanjaran', 'kacang panjang'),
  ('sawi ijo', 'sawi hijau'),
  ('brokoli', 'brocoli'),
  ('bortel', 'wortel'),
  ('sledri', 'seledri'),
  ('daun sop', 'seledri'),
  ('selada', 'slada'),
  ('telo', 'ubi'),
  ('pohong', 'singkong'),
  ('tela', 'singkong'),
  ('mrica', 'merica'),
  ('lada', 'merica'),
  ('gula jawa', 'gula merah'),
  ('endog', 'telur'),
  ('iwak', 'ikan'),
  ('pitik', 'ayam')
ON CONFLICT DO NOTHING;
