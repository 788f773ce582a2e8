// Logout ends the session on the server, clears its cookie and lands on /.
import { redirect } from "react-router";
import { accountDeps, signOut } from "~/server/accounts/customer.server";
import { answer } from "~/server/form-action.server";
import { dbOf } from "~/server/request-context.server";
import { authHeaders, setCookieHeaders } from "~/server/accounts/session.server";
import type { Route } from "./+types/logout";
import { routePolicy } from "~/server/route-policy.server";

export const middleware: Route.MiddlewareFunction[] = [routePolicy({ cache: "private", access: "public" })];

// Nothing to read from the form (a bare POST is enough): only the answer step of the form contract.
export async function action({ request, context }: Route.ActionArgs) {
  const deps = await accountDeps(await dbOf(context));
  return answer(
    request,
    {
      name: "logout",
      headers: ({ headers }) => (headers ? setCookieHeaders(headers) : undefined),
      redirectTo: () => "/",
    },
    () => signOut(deps, authHeaders(request)),
  );
}

export function loader() {
  return redirect("/");
}
