// Logout ends the session on the server, clears its cookie and lands on /.
import { redirect } from "react-router";
import { getAuth } from "~/server/auth.server";
import { authHeaders, setCookieHeaders } from "~/server/session.server";
import type { Route } from "./+types/logout";
import { cachePolicy } from "~/server/http-cache.server";

export const middleware: Route.MiddlewareFunction[] = [cachePolicy("private")];

export async function action({ request }: Route.ActionArgs) {
  const auth = await getAuth();
  try {
    const { headers } = await auth.api.signOut({ headers: authHeaders(request), returnHeaders: true });
    return redirect("/", { headers: setCookieHeaders(headers) });
  } catch {
    // No session or already ended: the browser still leaves signed out.
    return redirect("/");
  }
}

export function loader() {
  return redirect("/");
}
