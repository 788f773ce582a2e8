// zod fields every form shares. Kept apart from form.ts, which the browser's first script
// carries and which must therefore not pull in zod.
import { z } from "zod";
import { isUuid } from "./form";

/** A database id (isUuid), with the same message for a missing, odd or malformed one. */
export function uuidField(message: string) {
  return z.string({ error: message }).refine(isUuid, message);
}
