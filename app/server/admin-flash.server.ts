// One-time messages for the admin panel ("Status pesanan #... diubah menjadi ..."): an
// action sets a short-lived signed cookie and redirects (303); the admin layout shows the
// message once and clears the cookie. Works the same with and without JavaScript.
import { createCookie, redirect } from "react-router";
import { safeRedirect } from "~/lib/safe-redirect";
import { authSecret, config } from "./config.server";

export type Flash = { tone: "success" | "error"; message: string };

function flashCookie() {
  return createCookie("sayur_admin_flash", {
    path: "/admin",
    httpOnly: true,
    sameSite: "lax",
    secure: config().secureCookies,
    maxAge: 60,
    secrets: [authSecret()],
  });
}

export async function redirectWithFlash(to: string, flash: Flash): Promise<Response> {
  return redirect(to, {
    status: 303,
    headers: { "Set-Cookie": await flashCookie().serialize(flash) },
  });
}

/** The pending message, if any, and the header that clears it. */
export async function takeFlash(request: Request): Promise<{ flash: Flash | null; headers: Headers }> {
  const headers = new Headers();
  const cookieHeader = request.headers.get("cookie");
  if (!cookieHeader?.includes("sayur_admin_flash=")) return { flash: null, headers };
  const cookie = flashCookie();
  const value = (await cookie.parse(cookieHeader)) as Partial<Flash> | null;
  headers.append("Set-Cookie", await cookie.serialize("", { maxAge: 0 }));
  if (!value || typeof value.message !== "string") return { flash: null, headers };
  return {
    flash: {
      tone: value.tone === "error" ? "error" : "success",
      message: value.message,
    },
    headers,
  };
}

/**
 * Where an action sends staff back to: a path of the admin panel taken from the form, or
 * the fallback. Never another site, never a protocol-relative URL.
 */
export function adminReturnPath(value: FormDataEntryValue | null, fallback: string): string {
  // Checked after normalisation: "/admin/..//x" would otherwise leave the admin panel.
  const path = safeRedirect(value, "");
  if (!/^\/admin(\/|\?|$)/.test(path)) return fallback;
  return path;
}
