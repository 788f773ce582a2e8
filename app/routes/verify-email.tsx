// /verify-email?token=...: the link from the sign-up e-mail marks the address as verified.
import { Link } from "react-router";
import { MailCheck, MailX } from "lucide-react";
import { AuthCard } from "~/components/account-form";
import { buttonClass } from "~/components/ui/button";
import { useRootData } from "~/components/root-data";
import { accountDeps, verifyEmail } from "~/server/accounts/customer.server";
import { pageMeta } from "~/lib/page-meta";
import type { Route } from "./+types/verify-email";
import { routePolicy } from "~/server/route-policy.server";
import { dbOf } from "~/server/request-context.server";

export const middleware: Route.MiddlewareFunction[] = [routePolicy({ cache: "private", access: "public" })];

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  return verifyEmail(await accountDeps(await dbOf(context)), token);
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Verifikasi Email",
    description: "Verifikasi alamat email akun Anda.",
    shopName: matches[0]?.data?.shop.name,
    noIndex: true,
  });
}

export default function VerifyEmail({ loaderData }: Route.ComponentProps) {
  const { user } = useRootData();
  if (loaderData.ok) {
    return (
      <AuthCard title="Email Berhasil Diverifikasi" icon={<MailCheck className="h-6 w-6" aria-hidden="true" />}>
        <p className="text-center text-sm text-stone-700">Terima kasih, alamat email Anda sudah terverifikasi.</p>
        <Link to={user ? "/products" : "/login"} className={buttonClass({ size: "lg", className: "mt-6 w-full" })}>
          {user ? "Mulai Belanja" : "Masuk"}
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Verifikasi Gagal" icon={<MailX className="h-6 w-6" aria-hidden="true" />}>
      <p className="text-center text-sm text-stone-700">
        {loaderData.reason === "expired"
          ? "Tautan verifikasi sudah kedaluwarsa. Masuk ke akun Anda lalu kirim ulang email verifikasi dari halaman profil."
          : "Tautan verifikasi tidak valid. Pastikan Anda membuka tautan lengkap dari email kami."}
      </p>
      <Link to={user ? "/profile" : "/login"} className={buttonClass({ size: "lg", className: "mt-6 w-full" })}>
        {user ? "Ke Profil" : "Masuk"}
      </Link>
    </AuthCard>
  );
}
