// /addresses: the delivery address saved with the profile, which checkout fills in.
import { useEffect, useState } from "react";
import { Link, redirect } from "react-router";
import { MapPin, Pencil, Phone, User } from "lucide-react";
import { Notice, useNavigateWhenIdle } from "~/components/account-form";
import { ProfileForm } from "~/components/profile-form";
import { buttonClass } from "~/components/ui/button";
import { NotifyDialog } from "~/components/ui/dialog";
import { ACCOUNT_TEXT } from "~/lib/account-rules";
import { deliveryAreaText } from "~/components/checkout/delivery-area-select";
import { getProfile, profileInvalidMessage, profileSchema, updateProfile } from "~/server/accounts/customer.server";
import { loadDeliveryAreas } from "~/server/delivery/slots.server";
import { formAction } from "~/server/form-action.server";
import { pageMeta } from "~/lib/page-meta";
import type { Route } from "./+types/addresses";
import { dbOf } from "~/server/request-context.server";
import { routePolicy } from "~/server/route-policy.server";
import { actorOf } from "~/server/accounts/access.server";

const SAVED_MESSAGE = "Alamat pengiriman berhasil disimpan.";

export const middleware: Route.MiddlewareFunction[] = [routePolicy({ cache: "private", access: "customer" })];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = actorOf(context, "customer");
  const db = await dbOf(context);
  const [profile, areas] = await Promise.all([getProfile(db, user.id), loadDeliveryAreas(db)]);
  if (!profile) throw redirect("/login?redirect=%2Faddresses");
  const params = new URL(request.url).searchParams;
  const complete = Boolean(profile.phone.trim() && profile.address.trim());
  return {
    profile: {
      name: profile.name,
      email: profile.email,
      phone: profile.phone,
      address: profile.address,
      area: profile.deliveryAreaId,
    },
    areas,
    editing: params.get("edit") === "1" || !complete,
    saved: params.get("saved") === "1",
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = actorOf(context, "customer");
  const db = await dbOf(context);
  return formAction(request, {
    name: "address save",
    schema: profileSchema,
    echo: ["name", "phone", "address", "area"],
    invalid: { title: ACCOUNT_TEXT.profileIncompleteTitle, message: profileInvalidMessage },
    call: (input) => updateProfile(db, user.id, input),
    documentRedirectTo: () => "/addresses?saved=1",
  });
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Alamat Pengiriman",
    description: "Alamat pengiriman yang dipakai saat checkout.",
    shopName: matches[0]?.data?.shop.name,
    noIndex: true,
  });
}

export default function Addresses({ loaderData, actionData }: Route.ComponentProps) {
  const { profile, areas, editing, saved } = loaderData;
  const areaText = deliveryAreaText(areas, profile.area);
  const navigate = useNavigateWhenIdle();
  const [dialog, setDialog] = useState<{ title: string; message: string; tone: "default" | "error" } | null>(null);
  const failure = actionData && !actionData.ok ? actionData : null;

  useEffect(() => {
    if (!actionData) return;
    if (actionData.ok) {
      setDialog({ title: ACCOUNT_TEXT.profileSavedTitle, message: SAVED_MESSAGE, tone: "default" });
      navigate("/addresses", { replace: true, preventScrollReset: true });
    } else {
      setDialog({ title: actionData.title, message: actionData.message, tone: "error" });
    }
  }, [actionData, navigate]);

  return (
    <div className="mx-auto max-w-2xl px-4 pt-6 pb-24 md:pt-10 md:pb-16">
      <h1 className="text-2xl font-bold text-stone-900">Alamat Pengiriman</h1>
      <p className="mt-1 text-sm text-stone-700">
        Alamat ini dipakai untuk mengisi data pengiriman secara otomatis saat checkout.
      </p>

      <div className="mt-5 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm md:p-6">
        {saved && !editing ? (
          <Notice tone="success" className="mb-4">
            {SAVED_MESSAGE}
          </Notice>
        ) : null}
        {failure ? (
          <Notice tone="error" title={failure.title} className="mb-4">
            {failure.message}
          </Notice>
        ) : null}
        {editing || failure ? (
          <ProfileForm
            values={{ ...profile, ...(failure?.values ?? {}) }}
            errors={failure?.fieldErrors}
            areas={areas}
            submitLabel="Simpan Alamat"
            onProblem={(title, message) => setDialog({ title, message, tone: "error" })}
          >
            {profile.phone && profile.address ? (
              <Link to="/addresses" replace preventScrollReset className={buttonClass({ variant: "outline" })}>
                Batal
              </Link>
            ) : null}
          </ProfileForm>
        ) : (
          <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
            <div className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-800">
              <MapPin className="h-5 w-5" aria-hidden="true" />
            </div>
            <div className="min-w-0 flex-1 space-y-1.5 text-sm">
              <p className="flex items-center gap-2 font-semibold text-stone-900">
                <User className="h-4 w-4 text-stone-500" aria-hidden="true" /> {profile.name}
              </p>
              <p className="flex items-center gap-2 text-stone-800">
                <Phone className="h-4 w-4 text-stone-500" aria-hidden="true" /> {profile.phone}
              </p>
              <p className="break-words whitespace-pre-line text-stone-800">{profile.address}</p>
              <p className="text-stone-700">
                Area Pengiriman:{" "}
                <span className={areaText ? "font-semibold text-stone-900" : "text-stone-500 italic"}>
                  {areaText || "Belum dipilih"}
                </span>
              </p>
            </div>
            <Link
              to="/addresses?edit=1"
              replace
              preventScrollReset
              className={buttonClass({ variant: "outline", size: "sm", className: "self-start" })}
            >
              <Pencil className="h-4 w-4" aria-hidden="true" /> Ubah Alamat
            </Link>
          </div>
        )}
      </div>

      <NotifyDialog
        open={dialog !== null}
        onOpenChange={(open) => !open && setDialog(null)}
        title={dialog?.title ?? ""}
        description={dialog?.message}
        tone={dialog?.tone}
      />
    </div>
  );
}
