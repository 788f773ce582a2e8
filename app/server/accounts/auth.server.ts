// Accounts through Better Auth on our own database. Its HTTP API is not mounted: every
// auth step goes through the shop's own actions, which add the origin checks, rate limits
// and Indonesian messages that the library's endpoints would not.
import { betterAuth } from "better-auth";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import type { Database } from "~/db/client.server";
import * as schema from "~/db/schema";
import { authSecret, config, type AppConfig } from "../config.server";
import { getDb } from "../db.server";
import { log } from "../logger.server";
import { sendMail } from "../notifications/mail-transport.server";
import { resetPasswordMail, verificationMail } from "../notifications/templates/email/account-mails";
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from "./password-policy.server";

// Every path that sets a password, whichever action calls it.
const PASSWORD_PATHS: Record<string, "password" | "newPassword"> = {
  "/sign-up/email": "password",
  "/reset-password": "newPassword",
  "/change-password": "newPassword",
  "/set-password": "newPassword",
};

export function createAuth(db: Database, cfg: AppConfig = config()) {
  return betterAuth({
    appName: cfg.shop.name,
    baseURL: cfg.appUrl,
    basePath: "/api/auth",
    secret: authSecret(cfg),
    trustedOrigins: [cfg.appUrl],
    database: drizzleAdapter(db, {
      provider: "pg",
      usePlural: true,
      schema: {
        users: schema.users,
        sessions: schema.sessions,
        accounts: schema.accounts,
        verifications: schema.verifications,
      },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      autoSignIn: false,
      requireEmailVerification: false,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) => {
        const href = `${cfg.appUrl}/reset-password?token=${encodeURIComponent(token)}`;
        // Not awaited: the answer must take as long for a registered e-mail as for an
        // unknown one, or its timing would tell who has an account.
        void sendMail(resetPasswordMail(user.email, user.name, href)).catch((error) =>
          log.error("reset mail failed", { error }),
        );
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      expiresIn: 60 * 60 * 24,
      sendVerificationEmail: async ({ user, token }) => {
        const href = `${cfg.appUrl}/verify-email?token=${encodeURIComponent(token)}`;
        await sendMail(verificationMail(user.email, user.name, href));
      },
    },
    user: {
      additionalFields: {
        phone: { type: "string", required: false, defaultValue: "", input: true },
        address: { type: "string", required: false, defaultValue: "", input: true },
        // Never settable from any request: only admin:create and the database change it.
        role: { type: "string", required: false, defaultValue: "customer", input: false },
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
      // A signed, encrypted copy of the session in its own cookie, read only by the account
      // menu's /api/visitor (a display, asked on every page view): every other lookup passes
      // disableCookieCache and asks the database, which stays the one source of truth for
      // access. A session ended elsewhere may still show its name in the menu for 5 minutes.
      cookieCache: { enabled: true, maxAge: 5 * 60, strategy: "jwe" },
    },
    rateLimit: { enabled: false },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        const field = PASSWORD_PATHS[ctx.path];
        const password = field ? (ctx.body as Record<string, unknown> | undefined)?.[field] : undefined;
        if (typeof password === "string" && isCommonPassword(password)) {
          throw new APIError("BAD_REQUEST", { message: COMMON_PASSWORD_MESSAGE, code: "PASSWORD_TOO_COMMON" });
        }
      }),
    },
    advanced: {
      useSecureCookies: cfg.secureCookies,
      cookiePrefix: "sayur",
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure: cfg.secureCookies, path: "/" },
    },
    telemetry: { enabled: false },
    logger: { disabled: process.env.VITEST === "true" },
  });
}

export type Auth = ReturnType<typeof createAuth>;

const store = globalThis as typeof globalThis & { __shopAuth?: Promise<Auth> };

export function getAuth(): Promise<Auth> {
  store.__shopAuth ??= getDb()
    .then((db) => createAuth(db))
    .catch((error) => {
      store.__shopAuth = undefined;
      throw error;
    });
  return store.__shopAuth;
}

/** For tests that swap the database underneath. */
export function setAuthForTests(auth: Auth | undefined) {
  store.__shopAuth = auth ? Promise.resolve(auth) : undefined;
}
