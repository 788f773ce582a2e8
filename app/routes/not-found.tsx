// Any unknown path: the not-found page with HTTP 404.
import { data } from "react-router";
import { ErrorState } from "~/components/error-state-later";
import { pageTitle, shopNameFrom } from "~/lib/seo";
import { routePolicy } from "~/server/route-policy.server";
import type { Route } from "./+types/not-found";

export const middleware = [routePolicy({ cache: "private", access: "public" })];

export function loader() {
  throw data(null, { status: 404 });
}

const TITLE = "Halaman Tidak Ditemukan";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(TITLE, shopNameFrom(matches)) },
  { name: "robots", content: "noindex" },
];

export default function NotFound() {
  return null;
}

// The title and noindex come from `meta` above, which React Router runs for a route in
// error too; a <title> here as well gave the page two.
export function ErrorBoundary() {
  return (
    <div className="mx-auto max-w-xl px-4 py-16">
      <ErrorState status={404} />
    </div>
  );
}
