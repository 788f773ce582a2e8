// The account part of checkout for a visitor who is not signed in: 'Sudah punya akun? Masuk'
// (e-mail and password) or a new account made from the recipient's name, phone and address
// with an e-mail and a password. Both end with a session (its Set-Cookie lines in `headers`),
// so the order is placed under that account in the same press. The same rules hold as on
// /login and /register: the login throttle, the sign-up limit per client, the password policy.
import { z } from "zod";
import { ACCOUNT_TEXT as T, EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "~/lib/account-rules";
import { formFailure, type FormFailure } from "~/lib/form";
import { log } from "../logger.server";
import { retryMessage } from "../rate-limit.server";
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from "./password-policy.server";
import { createCustomerAccount, signIn, type AccountDeps } from "./customer.server";

export type CheckoutAccountField = "email" | "password";
export type CheckoutAccountMode = "register" | "login";

export const CHECKOUT_ACCOUNT_TITLE = "Akun Belum Siap";
export const EMAIL_TAKEN_MESSAGE =
  "Email ini sudah punya akun. Pilih 'Sudah punya akun? Masuk' dan isi password-nya, atau pakai 'Lupa password'.";

const emailField = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, "Email wajib diisi untuk membuat akun.")
  .max(EMAIL_MAX_LENGTH, "Email terlalu panjang.")
  .pipe(z.email("Format email tidak valid. Contoh: nama@email.com."));

const checkoutAccountSchema = z.discriminatedUnion("mode", [
  z.object({
    mode: z.literal("register"),
    email: emailField,
    password: z
      .string()
      .min(PASSWORD_MIN_LENGTH, T.passwordTooShort)
      .max(PASSWORD_MAX_LENGTH, T.passwordTooLong)
      .refine((v) => !isCommonPassword(v), COMMON_PASSWORD_MESSAGE),
  }),
  z.object({
    mode: z.literal("login"),
    email: emailField,
    password: z.string().min(1, "Password wajib diisi.").max(PASSWORD_MAX_LENGTH, T.badCredentials),
  }),
]);

export type CheckoutAccountInput = z.output<typeof checkoutAccountSchema>;
type Refusal = FormFailure<CheckoutAccountField>;

function refuse(status: number, message: string, field?: CheckoutAccountField): Refusal {
  return formFailure(status, message, {
    title: CHECKOUT_ACCOUNT_TITLE,
    fieldErrors: field ? { [field]: message } : {},
  }) as Refusal;
}

/** Reads the account part of the checkout form ('account' = register | login, email, password). */
export function parseCheckoutAccount(form: FormData): { ok: true; data: CheckoutAccountInput } | Refusal {
  const get = (name: string) => (typeof form.get(name) === "string" ? String(form.get(name)) : "");
  const mode = get("account") === "login" ? "login" : "register";
  const parsed = checkoutAccountSchema.safeParse({ mode, email: get("email"), password: get("password") });
  if (parsed.success) return { ok: true, data: parsed.data };
  const issue = parsed.error.issues[0];
  const field = issue?.path[0] === "password" ? "password" : "email";
  return refuse(400, issue?.message ?? T.badCredentials, field);
}

export type CheckoutSignedIn = { ok: true; headers: Headers; userId: string; created: boolean };

/**
 * Signs the visitor in, or makes their account from the recipient details and signs them in.
 * Nothing is placed here: on a refusal the order is not placed either.
 */
export async function signInForCheckout(
  deps: AccountDeps,
  input: CheckoutAccountInput,
  recipient: { name: string; phone: string; address: string },
  client: { key: string; headers: Headers },
): Promise<CheckoutSignedIn | Refusal> {
  const { email, password } = input;
  if (input.mode === "register") {
    const created = await createCustomerAccount(deps, { ...recipient, email, password }, client.key);
    if (!created.ok) {
      switch (created.reason) {
        case "limited":
          return refuse(429, retryMessage(created.retryAfterSeconds));
        case "taken":
          // Checkout says so in place (the shopper's order waits on it); the sign-up limit
          // keeps this from being a cheap way to test many addresses.
          log.info("checkout sign-up of an existing e-mail refused", { userId: created.userId });
          return refuse(409, EMAIL_TAKEN_MESSAGE, "email");
        case "common-password":
          return refuse(400, COMMON_PASSWORD_MESSAGE, "password");
        case "error":
          return refuse(500, T.registerError);
      }
    }
    log.info("customer registered at checkout");
  }
  const session = await signIn(deps, { email, password }, client);
  if (!session.ok) {
    const field = session.status === 401 ? "password" : undefined;
    return refuse(session.status, session.message, field);
  }
  return { ok: true, headers: session.headers, userId: session.user.id, created: input.mode === "register" };
}
