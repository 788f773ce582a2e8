// Any unknown path: the not-found page with HTTP 404.
import { data } from "react-router";
import { ErrorState } from "~/components/error-state";
import { cachePolicy } from "~/server/http-cache.server";

export const middleware = [cachePolicy("private")];

export function loader() {
  throw data(null, { status: 404 });
}

export function meta() {
  return [{ title: "Halaman Tidak Ditemukan" }, { name: "robots", content: "noindex" }];
}

export default function NotFound() {
  return null;
}

export function ErrorBoundary() {
  return (
    <div className="mx-auto max-w-xl px-4 py-16">
      <title>Halaman Tidak Ditemukan</title>
      <ErrorState status={404} />
    </div>
  );
}
