// A server module's form as a route sends it: the posted fields parsed by the form's schema
// (a refusal answers as the route would), then the module called with the typed input.
import type { z } from "zod";
import type { FormFailure } from "~/lib/form";
import { parseFields, type FormParseSpec } from "~/server/form-action.server";

export async function viaForm<S extends z.ZodType, R>(
  spec: FormParseSpec<S>,
  fields: Record<string, unknown>,
  call: (input: z.output<S>) => Promise<R>,
): Promise<R | FormFailure> {
  const parsed = parseFields(spec.schema, fields, spec);
  return parsed.ok ? call(parsed.data) : parsed.failure;
}
