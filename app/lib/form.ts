// The one answer every form action gives, shared by the server modules that produce it and the
// components that show it: a success with its message, or a failure with its HTTP status, a
// title and message for the summary or dialog, one message per field, and what the person
// typed so nothing is lost. Pure: no server or database imports.
import type { z } from "zod";

export type FieldErrors<F extends string = string> = Partial<Record<F, string>>;
export type FormValues<F extends string = string> = Partial<Record<F, string>>;

export type FormSuccess<D extends object = object> = { ok: true; message: string } & D;

export type FormFailure<F extends string = string, D extends object = object> = {
  ok: false;
  /** HTTP status of the answer: 400 bad input, 403, 404, 409 conflict, 429 too many, 500, 503. */
  status: number;
  title: string;
  message: string;
  fieldErrors: FieldErrors<F>;
  /** What the person typed, to put back in the form. */
  values: FormValues<F>;
} & D;

export type FormResult<D extends object = object, F extends string = string, E extends object = object> =
  FormSuccess<D> | FormFailure<F, E>;

/** The title of a failure summary when the caller has none of its own. */
export const FAILURE_TITLE = "Gagal Menyimpan";
export const CHECK_FIELDS_MESSAGE = "Mohon periksa kembali isian yang ditandai.";

export function formSuccess<D extends object = object>(message: string, extra?: D): FormSuccess<D> {
  return { ok: true, message, ...(extra as D) };
}

export function formFailure<F extends string = string>(
  status: number,
  message: string,
  more: { title?: string; fieldErrors?: FieldErrors<F>; values?: FormValues<F> } = {},
): FormFailure<F> {
  return {
    ok: false,
    status,
    title: more.title ?? FAILURE_TITLE,
    message,
    fieldErrors: more.fieldErrors ?? {},
    values: more.values ?? {},
  };
}

export type FieldErrorsOptions<F extends string = string> = {
  /** Only these keys; anything else is left out. */
  fields?: readonly F[];
  /**
   * Name a nested field by its whole path ("pagi.cutoffTime", "accounts.0.number") instead of
   * its top-level key, for a form of nested values (the shop settings).
   */
  nested?: boolean;
  /** The key of an issue about the whole value: `form` unless said otherwise. */
  whole?: string;
};

/**
 * One message per field from zod's issues: the first issue of each key wins; an issue about
 * the whole object lands on `form`. Keys are the top-level field unless `nested`. With
 * `fields` (the list itself, or in the options), keys outside them are left out.
 */
export function fieldErrorsFromZod<F extends string = string>(
  error: z.ZodError | undefined,
  options: readonly F[] | FieldErrorsOptions<F> = {},
): FieldErrors<F> {
  const { fields, nested = false, whole = "form" } = isFieldList(options) ? { fields: options } : options;
  const out: FieldErrors<F> = {};
  for (const issue of error?.issues ?? []) {
    const path = nested ? issue.path : issue.path.slice(0, 1);
    const key = (path.length > 0 ? path.map(String).join(".") : whole) as F;
    if (fields && !fields.includes(key)) continue;
    out[key] ??= issue.message;
  }
  return out;
}

function isFieldList<F extends string>(options: readonly F[] | FieldErrorsOptions<F>): options is readonly F[] {
  return Array.isArray(options);
}

/**
 * The text fields of a submitted form, for echoing back; files and unknown keys are dropped.
 * Kept a little longer than any field's limit so the person sees what was too long, never megabytes.
 */
export function echoValues<F extends string>(input: Record<string, unknown>, fields: readonly F[]): FormValues<F> {
  const out: FormValues<F> = {};
  for (const field of fields) {
    const value = input[field];
    if (typeof value === "string") out[field] = value.slice(0, 5000);
  }
  return out;
}

// zod's own pattern for `z.guid()` (any version and variant), as a plain expression: this
// module is in the browser's first script, which must not carry zod.
// In its own module so the shop's frame (favourites) checks ids without loading the form code.
export { isUuid } from "./uuid";
