// Customer accounts: register, log in (rate limited), password reset, e-mail verification
// and the profile. Every step goes through Better Auth's server API; this module adds the
// input rules, the limits and the Indonesian answers the screens show.
import { isStaffRole, userRole, type UserRole } from "~/lib/roles";
import { isAPIError } from "better-auth/api";
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { users } from "~/db/schema";
import {
  ACCOUNT_TEXT as T,
  ADDRESS_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PHONE_MAX_LENGTH,
} from "~/lib/account-rules";
import { normalizeIndonesianPhone } from "~/lib/phone";
import { getAuth, type Auth } from "./auth.server";
import { log } from "../logger.server";
import { mailConfigured } from "../notifications/mail-transport.server";
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from "./password-policy.server";
import { beginLoginAttempt, deviceCookieFor, LOGIN_THROTTLE } from "./login-throttle.server";
import { hitRateLimit, retryMessage } from "../rate-limit.server";
import {
  CONTROL_CHARACTER_MESSAGE,
  hasNoControlCharacters,
  isSingleLineText,
  isTokenShaped,
  SINGLE_LINE_MESSAGE,
} from "~/lib/form-text";
import {
  formFailure,
  formSuccess,
  type FieldErrors,
  type FormFailure,
  type FormResult,
  type FormSuccess,
} from "~/lib/form";
import type { FormParseSpec } from "../form-action.server";
import { loadDeliveryAreas, resolveDeliveryArea } from "../delivery/slots.server";
import {
  acceptInvitationByToken,
  acceptInvitationByVerification,
  isInvitationToken,
  verificationTokenClaims,
} from "./staff-invitations.server";

export type AccountDeps = { db: Database; auth: Auth };

/** The database of this request (from the route's context) and the auth server on it. */
export async function accountDeps(db: Database): Promise<AccountDeps> {
  return { db, auth: await getAuth() };
}

// Failed logins allowed per window, counted per e-mail and per client address. The
// address limit is higher: several people may share one (an office, a phone carrier).
/** Free failures per account before delays start, and attempts per client: see login-throttle.server.ts. */
export const LOGIN_LIMITS = { perEmail: LOGIN_THROTTLE.freePerAccount, perClient: LOGIN_THROTTLE.perClient };
export const RESET_REQUEST_LIMITS = { perEmail: 3, perClient: 10, windowSeconds: 15 * 60 };
export const RESET_SUBMIT_LIMITS = { perClient: 10, windowSeconds: 15 * 60 };

// ---- input rules ----

const asText = (value: unknown) => (typeof value === "string" ? value : "");
const text = <S extends z.ZodType>(schema: S) => z.preprocess(asText, schema);

const emailField = text(
  z
    .string()
    .trim()
    .toLowerCase()
    .min(1, "Email wajib diisi.")
    .max(EMAIL_MAX_LENGTH, "Email terlalu panjang.")
    .pipe(z.email("Format email tidak valid.")),
);
const nameField = text(
  z
    .string()
    .trim()
    .min(1, "Nama lengkap wajib diisi.")
    .max(NAME_MAX_LENGTH, `Nama maksimal ${NAME_MAX_LENGTH} karakter.`)
    .refine(isSingleLineText, SINGLE_LINE_MESSAGE),
);
const phoneField = text(
  z
    .string()
    .trim()
    .min(1, "Nomor telepon wajib diisi.")
    .max(PHONE_MAX_LENGTH, "Nomor telepon tidak valid. Contoh: 081234567890.")
    .refine((v) => normalizeIndonesianPhone(v) !== null, "Nomor telepon tidak valid. Contoh: 081234567890."),
);
const addressField = text(
  z
    .string()
    .trim()
    .min(1, "Alamat wajib diisi.")
    .max(ADDRESS_MAX_LENGTH, `Alamat maksimal ${ADDRESS_MAX_LENGTH} karakter.`)
    .refine(hasNoControlCharacters, CONTROL_CHARACTER_MESSAGE),
);
const newPasswordField = text(
  z
    .string()
    .min(PASSWORD_MIN_LENGTH, T.passwordTooShort)
    .max(PASSWORD_MAX_LENGTH, T.passwordTooLong)
    .refine((v) => !isCommonPassword(v), COMMON_PASSWORD_MESSAGE),
);

/**
 * The profile and address book form: name, phone, address and, where the form offers it, the
 * delivery area ('Area Pengiriman'; absent or empty leaves the remembered one as it is).
 */
export const profileSchema = z.object({
  name: nameField,
  phone: phoneField,
  address: addressField,
  area: z.preprocess(
    (v) => (typeof v === "string" && v.trim() !== "" ? v.trim() : undefined),
    z.string().max(100).optional(),
  ),
});
export type ProfileInput = z.output<typeof profileSchema>;

/** The summary of a refused profile form: 'lengkapi' when something is missing, else the first field's message. */
export function profileInvalidMessage(
  _fields: Record<string, unknown>,
  fieldErrors: Record<string, string | undefined>,
) {
  const messages = Object.values(fieldErrors);
  return messages.some((m) => m?.endsWith("wajib diisi.")) ? T.profileIncomplete : (messages[0] ?? T.profileIncomplete);
}

/**
 * A form with a password and its confirmation. The mismatch is reported next to the other
 * problems (`when`: the check runs even while another field fails).
 */
function withConfirmation<S extends z.ZodObject<{ password: z.ZodType; confirmPassword: z.ZodType }>>(
  schema: S,
  mismatch: string,
) {
  return schema.refine((v) => asText(v.password) === asText(v.confirmPassword), {
    path: ["confirmPassword"],
    message: mismatch,
    when: () => true,
  });
}

const firstOr =
  (fallback: string) =>
  (_fields: Record<string, unknown>, fieldErrors: FieldErrors): string =>
    Object.values(fieldErrors)[0] ?? fallback;

/** A form of this module as a route reads it: its schema, what is echoed back, its failure summary. */
const formSpec = <S extends z.ZodType>(spec: FormParseSpec<S>) => spec;

// ---- register ----

export type RegisterField = "name" | "email" | "phone" | "address" | "password" | "confirmPassword" | "terms";

/** Sign-ups per client address per hour: generous because mobile carriers put many shoppers behind one address, yet a bot cannot fill the database. */
export const REGISTER_LIMITS = { perClient: 30, windowSeconds: 60 * 60 };

/** The sign-up form; everything typed comes back after a refusal except the passwords. */
export const REGISTER_FORM = formSpec({
  schema: withConfirmation(
    z.object({
      name: nameField,
      email: emailField,
      phone: phoneField,
      address: addressField,
      password: newPasswordField,
      confirmPassword: text(z.string()),
      terms: z.preprocess((v) => v === "on" || v === "true" || v === true, z.literal(true, T.termsRequired)),
    }),
    T.passwordMismatch,
  ),
  echo: ["name", "email", "phone", "address", "terms"],
  invalid: {
    title: T.validationTitle,
    // The dialogs name the two rules people miss most; any other field shows its own text.
    message: (_fields, fieldErrors) =>
      fieldErrors.confirmPassword ?? fieldErrors.terms ?? Object.values(fieldErrors)[0] ?? T.registerError,
  },
});
export type RegisterInput = z.output<typeof REGISTER_FORM.schema>;

export type NewAccount = { name: string; email: string; phone: string; address: string; password: string };

/** Why an account was not made; each caller words it for its own page. */
export type AccountRefusal =
  | { reason: "limited"; retryAfterSeconds: number }
  | { reason: "taken"; userId: string }
  | { reason: "common-password" }
  | { reason: "error" };

/**
 * Makes a customer account (Better Auth sends the verification mail) under the sign-up limit
 * per client. Shared by /register and checkout; neither opens a session here.
 */
export async function createCustomerAccount(
  deps: AccountDeps,
  account: NewAccount,
  clientKey: string,
): Promise<{ ok: true } | ({ ok: false } & AccountRefusal)> {
  const { name, email, phone, address, password } = account;
  // Counted once the form is valid, so fixing a typo never locks anyone out.
  const limit = await hitRateLimit(
    deps.db,
    `register:client:${clientKey}`,
    REGISTER_LIMITS.perClient,
    REGISTER_LIMITS.windowSeconds,
  );
  if (!limit.allowed) return { ok: false, reason: "limited", retryAfterSeconds: limit.retryAfterSeconds };
  // The sign-up limit above bounds how many addresses can be tested this way
  // (docs/decisions/057-signed-in-at-sign-up.md).
  const [existing] = await deps.db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (existing) return { ok: false, reason: "taken", userId: existing.id };
  try {
    // Only these fields reach Better Auth: nothing a form adds (role, emailVerified...) does.
    await deps.auth.api.signUpEmail({ body: { name, email, password, phone, address } });
    return { ok: true };
  } catch (error) {
    // Better Auth's own password rules (auth.server.ts) hold even if this module's drift.
    if (apiErrorCode(error) === "PASSWORD_TOO_COMMON") return { ok: false, reason: "common-password" };
    log.error("registration failed", { error });
    return { ok: false, reason: "error" };
  }
}

/**
 * /register: makes the account and signs the shopper in at once (the session's Set-Cookie
 * lines are in `headers`). Verifying the address follows from the mail and blocks nothing.
 */
export async function registerCustomer(
  deps: AccountDeps,
  input: RegisterInput,
  client: { key: string; headers?: Headers },
): Promise<FormResult<{ email: string; headers: Headers }, RegisterField>> {
  const { name, email, phone, address, password } = input;
  const created = await createCustomerAccount(deps, { name, email, phone, address, password }, client.key);
  if (!created.ok) {
    switch (created.reason) {
      case "limited":
        return formFailure(429, retryMessage(created.retryAfterSeconds), { title: T.registerFailedTitle });
      case "taken":
        log.info("registration of an existing e-mail refused", { userId: created.userId });
        return formFailure(409, T.emailTaken, { title: T.registerFailedTitle, fieldErrors: { email: T.emailTaken } });
      case "common-password":
        return formFailure(400, COMMON_PASSWORD_MESSAGE, {
          title: T.validationTitle,
          fieldErrors: { password: COMMON_PASSWORD_MESSAGE },
        });
      case "error":
        return formFailure(500, T.registerError, { title: T.registerFailedTitle });
    }
  }
  log.info("customer registered");
  const session = await signIn(deps, { email, password }, client);
  // The account exists either way: a session that did not open (a busy client's login limit)
  // sends the shopper to the login page, told so.
  if (!session.ok)
    return formFailure(session.status, `${T.registerNotSignedIn} ${session.message}`, {
      title: T.registerSuccessTitleNoSession,
    });
  return formSuccess(mailConfigured() ? T.registerSuccess : T.registerSuccessNoMail, {
    email,
    headers: session.headers,
  });
}

// ---- log in ----

export type LoginField = "email" | "password";

/** The login form; only the e-mail comes back after a refusal. */
export const LOGIN_FORM = formSpec({
  schema: z.object({
    email: emailField,
    password: text(
      z
        .string()
        .min(1, "Password wajib diisi.")
        .max(PASSWORD_MAX_LENGTH, "Email atau password salah. Silakan coba lagi."),
    ),
  }),
  echo: ["email"],
  invalid: { title: T.loginFailedTitle, message: firstOr(T.badCredentials) },
});
export type LoginInput = z.output<typeof LOGIN_FORM.schema>;

/** A session opened: its Set-Cookie lines are in `headers`. */
export type SignedIn = FormSuccess<{ headers: Headers; user: { id: string; role: UserRole } }>;

function apiErrorCode(error: unknown): string | undefined {
  return isAPIError(error) ? (error.body as { code?: string } | undefined)?.code : undefined;
}

// ---- rate limits ----

function waitText(seconds: number): string {
  return seconds < 60 ? `${seconds} detik` : `${Math.ceil(seconds / 60)} menit`;
}

export function tooManyLoginsMessage(seconds: number): string {
  return `Terlalu banyak percobaan login. Silakan coba lagi dalam ${waitText(seconds)}.`;
}

/**
 * Checks e-mail and password and opens a session (its Set-Cookie lines are in `headers`).
 * Wrong e-mail and wrong password give the same answer. Failures count against the
 * e-mail and the client address; past the limit nothing is checked until the window ends.
 */
export async function signIn(
  deps: AccountDeps,
  input: LoginInput,
  client: { key: string; headers?: Headers },
): Promise<SignedIn | FormFailure<LoginField>> {
  const { email, password } = input;
  const cookieHeader = client.headers?.get("cookie") ?? null;
  const attempt = await beginLoginAttempt(deps.db, email, { key: client.key, cookieHeader });
  if (!attempt.allowed) {
    log.warn("login slowed down by rate limit", { client: client.key });
    return formFailure(429, tooManyLoginsMessage(attempt.retryAfterSeconds), { title: T.loginFailedTitle });
  }
  try {
    const { headers, response } = await deps.auth.api.signInEmail({
      body: { email, password, rememberMe: true },
      headers: client.headers ?? new Headers(),
      returnHeaders: true,
    });
    await attempt.settle("success");
    // This browser is now known for this account: strangers' guesses will not keep it out.
    headers.append("Set-Cookie", deviceCookieFor(cookieHeader, email));
    const u = response.user as typeof response.user & { role?: string };
    return formSuccess(T.loginSuccess, { headers, user: { id: u.id, role: userRole(u.role) } });
  } catch (error) {
    if (isAPIError(error) && (error.status === "UNAUTHORIZED" || error.status === "BAD_REQUEST")) {
      await attempt.settle("failure");
      log.warn("login failed: bad credentials", { client: client.key });
      return formFailure(401, T.badCredentials, { title: T.loginFailedTitle });
    }
    // Our own failure is not the visitor's: the attempt does not count.
    await attempt.settle("error").catch(() => {});
    log.error("login failed", { error });
    return formFailure(500, T.loginError, { title: T.loginFailedTitle });
  }
}

/**
 * The admin panel's login: like signIn, but a non-admin's new session is ended at once
 * and no cookie is handed out, so no session is left behind.
 */
export async function signInAdmin(
  deps: AccountDeps,
  input: LoginInput,
  client: { key: string; headers?: Headers },
): Promise<SignedIn | FormFailure<LoginField>> {
  const result = await signIn(deps, input, client);
  if (!result.ok) return result.status === 500 ? { ...result, message: T.adminLoginError } : result;
  if (isStaffRole(result.user.role)) return result;
  await endSessionFromCookies(deps, result.headers);
  log.warn("admin login refused for a non-admin", { userId: result.user.id });
  return formFailure(403, T.adminOnly, { title: T.loginFailedTitle });
}

async function endSessionFromCookies(deps: AccountDeps, setCookie: Headers) {
  const cookie = setCookie
    .getSetCookie()
    .map((c) => c.split(";", 1)[0])
    .join("; ");
  if (cookie) await deps.auth.api.signOut({ headers: new Headers({ cookie }) });
}

/**
 * Logs out: ends the session the request's cookies name. No session, or one already ended,
 * still leaves the browser signed out; the Set-Cookie lines that clear it are in `headers`.
 */
export async function signOut(deps: AccountDeps, requestHeaders: Headers): Promise<FormSuccess<{ headers?: Headers }>> {
  try {
    const { headers } = await deps.auth.api.signOut({ headers: requestHeaders, returnHeaders: true });
    return formSuccess(T.signedOut, { headers });
  } catch {
    return formSuccess(T.signedOut, {});
  }
}

// ---- password reset ----

export type ForgotField = "email";

export const FORGOT_FORM = formSpec({
  schema: z.object({ email: emailField }),
  echo: ["email"],
  invalid: {
    title: T.resetMailFailedTitle,
    message: (_fields, fieldErrors) => fieldErrors.email ?? T.resetMailFailed,
  },
});
export type ForgotInput = z.output<typeof FORGOT_FORM.schema>;

/**
 * Sends the reset link when the e-mail belongs to an account. The answer is the same
 * either way; past the per-e-mail limit no more mail goes out, still with the same answer.
 */
export async function requestPasswordReset(
  deps: AccountDeps,
  input: ForgotInput,
  client: { key: string },
): Promise<FormResult<{ email: string; mailed: boolean }, ForgotField>> {
  const { email } = input;
  // The same answer whether or not the e-mail has an account; it only says whether mail can leave.
  const mailed = mailConfigured();
  const sent = formSuccess(mailed ? T.resetMailSent : T.resetMailOff, { email, mailed });
  const byClient = await hitRateLimit(
    deps.db,
    `reset-request:client:${client.key}`,
    RESET_REQUEST_LIMITS.perClient,
    RESET_REQUEST_LIMITS.windowSeconds,
  );
  if (!byClient.allowed) {
    return formFailure(
      429,
      `Terlalu banyak permintaan reset password. Silakan coba lagi dalam ${waitText(byClient.retryAfterSeconds)}.`,
      { title: T.resetMailFailedTitle },
    );
  }
  const byEmail = await hitRateLimit(
    deps.db,
    `reset-request:email:${email}`,
    RESET_REQUEST_LIMITS.perEmail,
    RESET_REQUEST_LIMITS.windowSeconds,
  );
  if (!byEmail.allowed) {
    log.warn("password reset mail skipped by rate limit");
    return sent;
  }
  try {
    await deps.auth.api.requestPasswordReset({ body: { email } });
    return sent;
  } catch (error) {
    log.error("password reset mail failed", { error });
    return formFailure(500, T.resetMailFailed, { title: T.resetMailFailedTitle });
  }
}

/** Whether a reset link's token is still usable (unused and not expired). */
/** Whether a set-password link is a staff invitation's (its page says what saving does). */
export async function isInvitationLink(deps: AccountDeps, token: string): Promise<boolean> {
  return token.length <= 200 && isInvitationToken(deps.db, token);
}

export async function isResetTokenValid(deps: AccountDeps, token: string | null | undefined): Promise<boolean> {
  if (!isTokenShaped(token, 200)) return false;
  const ctx = await deps.auth.$context;
  const verification = await ctx.internalAdapter.findVerificationValue(`reset-password:${token}`);
  return Boolean(verification && verification.expiresAt > new Date());
}

export type ResetField = "password" | "confirmPassword";

/** The new-password form of a reset link; nothing typed comes back. */
export const RESET_FORM = formSpec({
  schema: withConfirmation(
    z.object({
      token: text(z.string().refine((v) => isTokenShaped(v, 200), T.resetLinkInvalid)),
      password: newPasswordField,
      confirmPassword: text(z.string()),
    }),
    T.resetMismatch,
  ),
  echo: [],
  invalid: {
    title: (_fields, fieldErrors) => {
      if (fieldErrors.token) return T.updatePasswordFailedTitle;
      if (fieldErrors.confirmPassword) return T.resetMismatchTitle;
      if (fieldErrors.password === T.passwordTooShort) return T.passwordTooShortTitle;
      return T.updatePasswordFailedTitle;
    },
    message: (_fields, fieldErrors) => {
      if (fieldErrors.token) return T.resetLinkInvalid;
      if (fieldErrors.confirmPassword) return T.resetMismatch;
      return Object.values(fieldErrors)[0] ?? T.updatePasswordError;
    },
  },
});
export type ResetInput = z.output<typeof RESET_FORM.schema>;

/**
 * Sets a new password from a reset link. The link works once; every session of the account
 * ends. A staff invitation's link also signs the new staff member in (its Set-Cookie lines in
 * `headers`) and leads to their page; any other reset leads to the login page (`next`).
 */
export async function resetPassword(
  deps: AccountDeps,
  input: ResetInput,
  client: { key: string; headers?: Headers },
): Promise<FormResult<{ next: string; headers?: Headers }, ResetField | "token">> {
  const limit = await hitRateLimit(
    deps.db,
    `reset-submit:client:${client.key}`,
    RESET_SUBMIT_LIMITS.perClient,
    RESET_SUBMIT_LIMITS.windowSeconds,
  );
  if (!limit.allowed) {
    return formFailure(429, `Terlalu banyak percobaan. Silakan coba lagi dalam ${waitText(limit.retryAfterSeconds)}.`, {
      title: T.updatePasswordFailedTitle,
    });
  }
  try {
    await deps.auth.api.resetPassword({ body: { token: input.token, newPassword: input.password } });
    log.info("password reset done");
    // A staff invitation's link is such a token: the new password is the proof it waited for.
    const accepted = await acceptInvitationByToken(deps.db, input.token);
    if (!accepted) return formSuccess(T.passwordChanged, { next: "/login?reset=done" });
    const session = await signIn(deps, { email: accepted.email, password: input.password }, client);
    // Accepted either way; a session that did not open (a busy client's limit) leaves the admin login.
    if (!session.ok) return formSuccess(T.invitationAccepted, { next: "/admin/login" });
    return formSuccess(T.invitationAcceptedSignedIn, {
      next: accepted.role === "courier" ? "/kurir" : "/admin/dashboard",
      headers: session.headers,
    });
  } catch (error) {
    const code = apiErrorCode(error);
    if (code === "INVALID_TOKEN" || code === "USER_NOT_FOUND")
      return formFailure(400, T.resetLinkInvalid, {
        title: T.updatePasswordFailedTitle,
        fieldErrors: { token: T.resetLinkInvalid },
      });
    if (code === "PASSWORD_TOO_COMMON")
      return formFailure(400, COMMON_PASSWORD_MESSAGE, {
        title: T.updatePasswordFailedTitle,
        fieldErrors: { password: COMMON_PASSWORD_MESSAGE },
      });
    log.error("password reset failed", { error });
    return formFailure(500, T.updatePasswordError, { title: T.updatePasswordFailedTitle });
  }
}

// ---- password change ----

export type ChangePasswordField = "currentPassword" | "password" | "confirmPassword";
export const CHANGE_PASSWORD_LIMITS = { perUser: 5, windowSeconds: 15 * 60 };

/** 'Ubah Password' on the profile; nothing typed comes back. */
export const CHANGE_PASSWORD_FORM = formSpec({
  schema: withConfirmation(
    z.object({
      currentPassword: text(
        z.string().min(1, "Password lama wajib diisi.").max(PASSWORD_MAX_LENGTH, "Password lama salah."),
      ),
      password: newPasswordField,
      confirmPassword: text(z.string()),
    }),
    T.passwordMismatch,
  ),
  echo: [],
  invalid: { title: T.updatePasswordFailedTitle, message: firstOr(T.updatePasswordError) },
});
export type ChangePasswordInput = z.output<typeof CHANGE_PASSWORD_FORM.schema>;

/**
 * Sets a new password for the signed-in user who knows the current one. Every other
 * session of the account ends (OWASP ASVS 5.0 7.4.3); this device gets a fresh session,
 * whose Set-Cookie lines are in `headers`.
 */
export async function changePassword(
  deps: AccountDeps,
  user: { id: string },
  requestHeaders: Headers,
  input: ChangePasswordInput,
): Promise<FormResult<{ headers: Headers }, ChangePasswordField>> {
  const limit = await hitRateLimit(
    deps.db,
    `change-password:user:${user.id}`,
    CHANGE_PASSWORD_LIMITS.perUser,
    CHANGE_PASSWORD_LIMITS.windowSeconds,
  );
  if (!limit.allowed)
    return formFailure(429, `Terlalu banyak percobaan. Silakan coba lagi dalam ${waitText(limit.retryAfterSeconds)}.`, {
      title: T.updatePasswordFailedTitle,
    });
  try {
    const { headers } = await deps.auth.api.changePassword({
      body: {
        currentPassword: input.currentPassword,
        newPassword: input.password,
        revokeOtherSessions: true,
      },
      headers: requestHeaders,
      returnHeaders: true,
    });
    log.info("password changed", { userId: user.id });
    return formSuccess(T.passwordChangedHere, { headers });
  } catch (error) {
    const code = apiErrorCode(error);
    if (code === "INVALID_PASSWORD")
      return formFailure(400, "Password lama salah.", {
        title: T.updatePasswordFailedTitle,
        fieldErrors: { currentPassword: "Password lama salah." },
      });
    if (code === "PASSWORD_TOO_COMMON")
      return formFailure(400, COMMON_PASSWORD_MESSAGE, {
        title: T.updatePasswordFailedTitle,
        fieldErrors: { password: COMMON_PASSWORD_MESSAGE },
      });
    log.error("password change failed", { error, userId: user.id });
    return formFailure(500, T.updatePasswordError, { title: T.updatePasswordFailedTitle });
  }
}

// ---- e-mail verification ----

export type VerifyResult = { ok: true } | { ok: false; reason: "expired" | "invalid" };

export async function verifyEmail(deps: AccountDeps, token: string | null | undefined): Promise<VerifyResult> {
  if (!isTokenShaped(token, 2000)) return { ok: false, reason: "invalid" };
  try {
    // Whether this link is the one that verifies the address, for a staff invitation waiting
    // on it: only a link issued after the invitation, flipping the address to verified now.
    const claims = verificationTokenClaims(token);
    const [before] = claims
      ? await deps.db
          .select({ id: users.id, emailVerified: users.emailVerified })
          .from(users)
          .where(eq(users.email, claims.email))
      : [];
    await deps.auth.api.verifyEmail({ query: { token } });
    if (claims && before && !before.emailVerified)
      await acceptInvitationByVerification(deps.db, before.id, claims.issuedAt);
    return { ok: true };
  } catch (error) {
    const code = apiErrorCode(error);
    if (code === "TOKEN_EXPIRED") return { ok: false, reason: "expired" };
    if (!isAPIError(error)) log.error("email verification failed", { error });
    return { ok: false, reason: "invalid" };
  }
}

export const VERIFY_RESEND_LIMITS = { perUser: 3, windowSeconds: 60 * 60 };

/** Sends the signed-in user a fresh verification link (a few times an hour at most). */
export async function resendVerificationEmail(
  deps: AccountDeps,
  user: { id: string; email: string; emailVerified: boolean },
  headers: Headers,
): Promise<FormResult> {
  if (user.emailVerified) return formSuccess("Email Anda sudah terverifikasi.");
  const limit = await hitRateLimit(
    deps.db,
    `verify-resend:user:${user.id}`,
    VERIFY_RESEND_LIMITS.perUser,
    VERIFY_RESEND_LIMITS.windowSeconds,
  );
  if (!limit.allowed)
    return formFailure(
      429,
      `Email verifikasi sudah beberapa kali dikirim. Silakan coba lagi dalam ${waitText(limit.retryAfterSeconds)}.`,
      { title: T.errorTitle },
    );
  try {
    await deps.auth.api.sendVerificationEmail({ body: { email: user.email }, headers });
    return formSuccess(mailConfigured() ? `Email verifikasi telah dikirim ke ${user.email}.` : T.verifyMailOff);
  } catch (error) {
    log.error("verification mail failed", { error, userId: user.id });
    return formFailure(500, "Gagal mengirim email verifikasi. Silakan coba lagi nanti.", { title: T.errorTitle });
  }
}

// ---- profile ----

export type Profile = {
  id: string;
  name: string;
  email: string;
  phone: string;
  address: string;
  role: UserRole;
  emailVerified: boolean;
  /** The delivery area remembered for checkout: an area id, OUTSIDE_AREA, or null. */
  deliveryAreaId: string | null;
};

export async function getProfile(db: Database, userId: string): Promise<Profile | null> {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      phone: users.phone,
      address: users.address,
      role: users.role,
      emailVerified: users.emailVerified,
      deliveryAreaId: users.deliveryAreaId,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) return null;
  return { ...row, role: userRole(row.role) };
}

export type ProfileField = "name" | "phone" | "address" | "area";

/**
 * Saves the signed-in user's own name, phone, address and delivery area. Only those columns
 * are written, for that user only: role, e-mail and anything else posted are ignored. The
 * area must be one the shop delivers to now (or outside the areas).
 */
export async function updateProfile(
  db: Database,
  userId: string,
  input: ProfileInput,
): Promise<FormResult<{ profile: Profile }, ProfileField>> {
  const { name, phone, address, area } = input;
  if (area !== undefined) {
    const choice = resolveDeliveryArea(await loadDeliveryAreas(db), area);
    if (!choice.ok)
      return formFailure(400, choice.message, {
        title: T.profileIncompleteTitle,
        fieldErrors: { area: choice.message },
      });
  }
  const updated = await db
    .update(users)
    .set({ name, phone, address, ...(area === undefined ? {} : { deliveryAreaId: area }), updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  const profile = updated.length === 0 ? null : await getProfile(db, userId);
  if (!profile) return formFailure(404, T.profileSaveError, { title: T.errorTitle });
  return formSuccess(T.profileSaved, { profile });
}
