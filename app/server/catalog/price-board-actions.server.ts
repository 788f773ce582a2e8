// What the price board page posts: 'Simpan Semua' (the rows), 'Batalkan' of a scheduled price,
// 'Unggah CSV' (the dry run) and 'Terapkan' (the dry run's good rows). One schema reads the
// intent and hands the rest to the schema of that action.
import { z } from "zod";
import type { Queryable } from "~/db/client.server";
import type { FormResult } from "~/lib/form";
import type { AdminActor } from "../accounts/actor.server";
import { boardSaveSchema, cancelScheduledPrice, saveBoard, unscheduleSchema } from "./price-board.server";
import { applyPriceCsv, csvApplySchema, csvUploadSchema, previewPriceCsv, type DryRun } from "./price-csv.server";

export const priceBoardActionSchema = z.record(z.string(), z.unknown()).transform((fields, ctx) => {
  const pick = <S extends z.ZodType>(schema: S) => {
    const parsed = schema.safeParse(fields);
    if (parsed.success) return parsed.data as z.output<S>;
    for (const issue of parsed.error.issues) ctx.addIssue({ ...issue, code: "custom", message: issue.message });
    return z.NEVER;
  };
  switch (fields.intent) {
    case "csv-preview":
      return { intent: "csv-preview" as const, ...pick(csvUploadSchema) };
    case "csv-apply":
      return { intent: "csv-apply" as const, ...pick(csvApplySchema) };
    case "unschedule":
      return { intent: "unschedule" as const, ...pick(unscheduleSchema) };
    default:
      return { intent: "save" as const, ...pick(boardSaveSchema) };
  }
});
export type PriceBoardAction = z.output<typeof priceBoardActionSchema>;

export async function changePriceBoard(
  db: Queryable,
  actor: AdminActor,
  input: PriceBoardAction,
): Promise<FormResult<{ dryRun?: DryRun }>> {
  switch (input.intent) {
    case "csv-preview":
      return previewPriceCsv(db, actor, input);
    case "csv-apply":
      return applyPriceCsv(db, actor, input);
    case "unschedule":
      return cancelScheduledPrice(db, actor, input);
    case "save":
      return saveBoard(db, actor, input);
  }
}
