// The one shape of a route action: parse -> call -> answer. `formAction` reads the form,
// parses it with the route's zod schema (a failure answers 400 with each field's message and
// what was typed), calls the server module with typed input, and answers:
// - a failure: its status and the FormFailure as action data, for the form to show;
// - a success: a 303 to `redirectTo` for a plain form post (no JavaScript) or for the admin
//   panel's flash message, otherwise the FormSuccess as action data for the page to show;
// - an unexpected error: logged with the request id, a friendly Indonesian message and status
//   500 without any detail of what broke.
// `jsonFormAction` is the same for an endpoint a script calls with fetch: every answer, the
// unexpected error included, is the FormResult as JSON with its status.
import { data, redirect } from "react-router";
import type { z } from "zod";
import {
  CHECK_FIELDS_MESSAGE,
  echoValues,
  fieldErrorsFromZod,
  formFailure,
  type FormFailure,
  type FormResult,
  type FormSuccess,
  type FieldErrors,
  type FormValues,
} from "~/lib/form";

/** A summary that is the first field's own message (forms whose fields are hidden or single). */
export const firstFieldError = (_fields: Record<string, unknown>, fieldErrors: FieldErrors): string =>
  Object.values(fieldErrors)[0] ?? CHECK_FIELDS_MESSAGE;
import { adminReturnPath, redirectWithFlash } from "./admin-flash.server";
import { log } from "./logger.server";

export const UNEXPECTED_TITLE = "Terjadi Kesalahan";
export const UNEXPECTED_MESSAGE = "Maaf, terjadi kendala di server kami. Silakan coba lagi sebentar lagi.";
export const UNREADABLE_MESSAGE = "Data formulir tidak terbaca. Silakan coba lagi.";

/**
 * True for a plain form post that the browser itself navigates with (no JavaScript): it gets
 * a 303 to the next page. A browser that says nothing gets the 303 too; React Router follows
 * it just as well when JavaScript does run.
 */
export function isDocumentSubmission(request: Request): boolean {
  const mode = request.headers.get("sec-fetch-mode");
  return mode === null || mode === "navigate";
}

/** The submitted fields as plain values (a field sent twice keeps its first value). */
export async function readForm(
  request: Request,
): Promise<{ form: FormData; fields: Record<string, FormDataEntryValue> }> {
  const form = await request.formData();
  const fields: Record<string, FormDataEntryValue> = {};
  for (const [key, value] of form) if (!(key in fields)) fields[key] = value;
  return { form, fields };
}

/** The answer for an error nobody planned for: logged in full, shown without detail. */
export function unexpectedFailure(request: Request, what: string, error: unknown, title = UNEXPECTED_TITLE) {
  log.error(`${what} failed`, { error, requestId: request.headers.get("x-request-id") ?? undefined });
  return formFailure(500, UNEXPECTED_MESSAGE, { title });
}

type Success<R> = Extract<R, { ok: true }>;

export type FormActionSpec<S extends z.ZodType, R extends FormResult<object, string, object>> = {
  /** What the action does, for the log ("product create"). */
  name: string;
  /** Parses the submitted fields; its output is what the server module is called with. */
  schema: S;
  /** Fields echoed back after a failure (text fields only). */
  echo?: readonly string[];
  /** Title and message of a parse failure's summary. */
  invalid?: {
    /** The summary's title: fixed, or chosen from the fields and their messages. */
    title?: string | ((fields: Record<string, unknown>, fieldErrors: FieldErrors) => string);
    /** The summary: fixed, or chosen from the fields and their messages (`firstFieldError` for a one-field form). */
    message?: string | ((fields: Record<string, unknown>, fieldErrors: FieldErrors) => string);
    status?: number;
  };
  call: (input: z.output<S>, form: FormData) => Promise<R>;
  /** Where every success goes (303), with JavaScript or without. */
  redirectTo?: (result: Success<R>) => string | null;
  /**
   * Admin lists: every success goes back where the form was, the admin path posted as
   * `returnTo` (its filters and page) or else the address posted to. Used when `redirectTo` is not given.
   */
  redirectBack?: boolean;
  /** Where a success goes for a plain form post only; with JavaScript the page gets the data. */
  documentRedirectTo?: (result: Success<R>) => string | null;
  /** Admin panel: the success message goes along to `redirectTo` as the one-time flash. */
  flash?: boolean;
  /** Headers of a success answer (cookies set by the call). */
  headers?: (result: Success<R>) => HeadersInit | undefined;
  /** Headers of a refusal (cookies of a session the call opened before the refusal). */
  failureHeaders?: () => HeadersInit | undefined;
  /** Title of the unexpected-error answer. */
  failureTitle?: string;
};

/** How a server module's form is read: its schema, the fields echoed back, its failure summary. */
export type FormParseSpec<S extends z.ZodType = z.ZodType> = Pick<
  FormActionSpec<S, FormResult>,
  "schema" | "echo" | "invalid"
>;

/** parse -> call -> answer, the same for every form of the shop. */
export async function formAction<S extends z.ZodType, R extends FormResult<object, string, object>>(
  request: Request,
  spec: FormActionSpec<S, R>,
) {
  let read: Awaited<ReturnType<typeof readForm>>;
  try {
    read = await readForm(request);
  } catch {
    const title = typeof spec.invalid?.title === "string" ? spec.invalid.title : undefined;
    return data(formFailure(400, UNREADABLE_MESSAGE, { title }) as FormFailure, {
      status: 400,
    });
  }
  const parsed = parseFields(spec.schema, read.fields, spec);
  if (!parsed.ok) return data(parsed.failure, { status: parsed.failure.status });
  const back = spec.redirectBack && !spec.redirectTo ? returnPath(request, read.fields.returnTo) : null;
  return answer(
    request,
    back ? { ...spec, redirectTo: () => back } : spec,
    () => spec.call(parsed.data, read.form),
    parsed.values,
  );
}

/** The admin page a form came from: its posted `returnTo`, or else the address it posted to. */
function returnPath(request: Request, posted: FormDataEntryValue | undefined): string {
  const url = new URL(request.url);
  return adminReturnPath(posted ?? null, `${url.pathname}${url.search}`);
}

/** The parse step alone: typed data, or the 400 failure with each field's message and the echoed values. */
export function parseFields<S extends z.ZodType>(
  schema: S,
  fields: Record<string, unknown>,
  { invalid, echo }: Pick<FormActionSpec<S, FormResult>, "invalid" | "echo"> = {},
): { ok: true; data: z.output<S>; values: FormValues } | { ok: false; failure: FormFailure } {
  const values = echoValues(fields, echo ?? Object.keys(fields));
  const parsed = schema.safeParse(fields);
  if (parsed.success) return { ok: true, data: parsed.data, values };
  const fieldErrors = fieldErrorsFromZod(parsed.error);
  const message = invalid?.message;
  const summary = typeof message === "function" ? message(fields, fieldErrors) : (message ?? CHECK_FIELDS_MESSAGE);
  const title = typeof invalid?.title === "function" ? invalid.title(fields, fieldErrors) : invalid?.title;
  return {
    ok: false,
    failure: formFailure(invalid?.status ?? 400, summary, { title, fieldErrors, values }),
  };
}

/** The answer step alone, for an action whose parsing cannot be one schema (uploads, intents). */
export async function answer<R extends FormResult<object, string, object>>(
  request: Request,
  spec: Pick<
    FormActionSpec<z.ZodType, R>,
    "name" | "redirectTo" | "documentRedirectTo" | "flash" | "headers" | "failureHeaders" | "failureTitle"
  >,
  call: () => Promise<R>,
  values: Record<string, string | undefined> = {},
) {
  let result: R;
  try {
    result = await call();
  } catch (error) {
    // Redirects and refusals thrown on purpose (a guard, a 404) pass through untouched.
    if (error instanceof Response) throw error;
    const failure = { ...unexpectedFailure(request, spec.name, error, spec.failureTitle), values };
    return data(failure as FormFailure, { status: 500 });
  }
  if (!result.ok) {
    const failure = result as FormFailure;
    return data({ ...failure, values: { ...values, ...failure.values } } as Exclude<R, FormSuccess>, {
      status: failure.status,
      headers: spec.failureHeaders?.(),
    });
  }
  const success = result as Success<R>;
  const headers = spec.headers?.(success);
  const target = spec.redirectTo?.(success) ?? null;
  if (target && spec.flash) {
    const response = await redirectWithFlash(target, { tone: "success", message: success.message });
    for (const [key, value] of new Headers(headers)) response.headers.append(key, value);
    throw response;
  }
  if (target) throw redirect(target, { status: 303, headers });
  const documentTarget = isDocumentSubmission(request) ? (spec.documentRedirectTo?.(success) ?? null) : null;
  if (documentTarget) throw redirect(documentTarget, { status: 303, headers });
  return data(success, { headers });
}

/** A FormResult as a JSON answer with its status (endpoints called with fetch). */
export function jsonAnswer(result: FormResult<object, string, object>): Response {
  return Response.json(result, { status: result.ok ? 200 : (result as FormFailure).status });
}

export type JsonFormActionSpec<S extends z.ZodType, R extends FormResult<object, string, object>> = Pick<
  FormActionSpec<S, R>,
  "name" | "schema" | "echo" | "invalid" | "failureTitle"
> & {
  call: (input: z.output<S>) => Promise<R>;
  /** The fields handed to the schema (a repeated field as a list); the first value of each by default. */
  fields?: (form: FormData) => Record<string, unknown>;
};

/** parse -> call -> answer for an endpoint called with fetch: every answer is JSON. */
export async function jsonFormAction<S extends z.ZodType, R extends FormResult<object, string, object>>(
  request: Request,
  spec: JsonFormActionSpec<S, R>,
): Promise<Response> {
  let read: Awaited<ReturnType<typeof readForm>>;
  try {
    read = await readForm(request);
  } catch {
    const title = typeof spec.invalid?.title === "string" ? spec.invalid.title : undefined;
    return jsonAnswer(formFailure(400, UNREADABLE_MESSAGE, { title }));
  }
  const parsed = parseFields(spec.schema, spec.fields?.(read.form) ?? read.fields, spec);
  if (!parsed.ok) return jsonAnswer(parsed.failure);
  try {
    return jsonAnswer(await spec.call(parsed.data));
  } catch (error) {
    if (error instanceof Response) throw error;
    return jsonAnswer({ ...unexpectedFailure(request, spec.name, error, spec.failureTitle), values: parsed.values });
  }
}
