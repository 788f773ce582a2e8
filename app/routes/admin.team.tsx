// 'Tim' (owner only): the owner, staff and courier accounts, inviting a staff member or a
// courier by e-mail (staff or 'Kurir' once they open the mailed link), withdrawing an invitation, and removing a staff member
// (their sessions and live streams end at once).
import { Form, useActionData, useLoaderData } from "react-router";
import { Mail, MessageCircle, UserMinus } from "lucide-react";
import { Card, ErrorNote } from "~/components/admin/card";
import { adminMeta } from "~/components/admin/meta";
import { AdminRouteError } from "~/components/admin/route-error";
import { SubmitButton } from "~/components/admin/submit-button";
import { CopyButton } from "~/components/final-bill";
import { buttonClass } from "~/components/ui/button";
import { Field, Input } from "~/components/ui/field";
import { formatDate } from "~/lib/dates";
import { ROLE_LABELS } from "~/lib/roles";
import { whatsappHref } from "~/lib/shop";
import { mailConfigured } from "~/server/notifications/mail-transport.server";
import { formAction } from "~/server/form-action.server";
import { dbOf } from "~/server/request-context.server";
import { actOnTeam, listTeam, listTeamInvitations, TEAM_FORM } from "~/server/accounts/team.server";
import type { Route } from "./+types/admin.team";
import { routePolicy } from "~/server/route-policy.server";
import { actorOf } from "~/server/accounts/access.server";

export const middleware: Route.MiddlewareFunction[] = [routePolicy({ cache: "private", access: "owner" })];

export const meta: Route.MetaFunction = () => adminMeta("Tim");

export async function loader({ context }: Route.LoaderArgs) {
  const owner = actorOf(context, "owner");
  const db = await dbOf(context);
  const [team, invitations] = await Promise.all([listTeam(db, owner), listTeamInvitations(db, owner)]);
  return { ownerId: owner.id, team, invitations, mailReady: mailConfigured() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const owner = actorOf(context, "owner");
  const db = await dbOf(context);
  return formAction(request, {
    name: "team change",
    ...TEAM_FORM,
    call: (input) => actOnTeam(db, owner, input),
    // An invitation that was not mailed stays on this page: its link is shown once, to hand over.
    redirectTo: (result) => ("inviteLink" in result && result.inviteLink ? null : "/admin/team"),
    flash: true,
  });
}

export default function AdminTeam() {
  const { team, invitations, ownerId, mailReady } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  // A success goes on to this page with its flash message; a refusal, or an invitation whose
  // link must be handed over by hand, comes back here.
  const actionData = result && !result.ok ? result : undefined;
  const unsent = result?.ok && "inviteLink" in result && result.inviteLink ? result : undefined;
  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-2xl font-extrabold text-stone-900">Tim</h1>
        <p className="text-sm text-stone-600">
          Pemilik mengatur semuanya. Staf mengurus pesanan, Daftar Ambil, lembar pengiriman dan Kotak Pesan, tetapi
          tidak dapat mengubah pengaturan, harga dan produk, atau akun tim. Kurir hanya melihat rute antarnya sendiri di
          /kurir.
        </p>
      </div>
      {actionData ? <ErrorNote>{actionData.message}</ErrorNote> : null}
      {unsent ? <InviteLinkCard message={unsent.message} link={unsent.inviteLink!} /> : null}
      <Card title="Undang Staf atau Kurir" id="undang">
        <Form method="post" className="grid gap-3 md:grid-cols-[1fr_1fr_10rem_auto] md:items-end" noValidate>
          <Field label="Nama" required error={actionData?.fieldErrors.name}>
            {(props) => (
              <Input {...props} name="name" autoComplete="off" maxLength={100} defaultValue={actionData?.values.name} />
            )}
          </Field>
          <Field label="Email" required error={actionData?.fieldErrors.email}>
            {(props) => (
              <Input
                {...props}
                name="email"
                type="email"
                autoComplete="off"
                maxLength={254}
                defaultValue={actionData?.values.email}
              />
            )}
          </Field>
          <Field label="Peran" error={actionData?.fieldErrors.role}>
            {(props) => (
              <select
                {...props}
                name="role"
                defaultValue={actionData?.values.role ?? "staff"}
                className="h-10 w-full rounded-md border border-stone-300 bg-white px-3 text-sm"
              >
                <option value="staff">Staf</option>
                <option value="courier">Kurir</option>
              </select>
            )}
          </Field>
          <SubmitButton intent="invite" pendingText={mailReady ? "Mengirim..." : "Membuat..."}>
            <Mail className="h-4 w-4" aria-hidden="true" /> {mailReady ? "Kirim Undangan" : "Buat Undangan"}
          </SubmitButton>
        </Form>
        <p className="mt-2 text-xs text-stone-600">
          {mailReady
            ? "Undangan dikirim sebagai email berisi tautan untuk membuat password (berlaku 3 hari)."
            : "E-mail belum aktif: undangan tidak lewat email. Setelah dibuat, tautannya tampil sekali di sini untuk disalin atau diteruskan lewat WhatsApp (berlaku 3 hari)."}{" "}
          Akun baru menjadi Staf setelah tautan itu dibuka, juga bila email itu sudah punya akun: password lamanya
          diganti dan perangkat lain dikeluarkan, jadi orang yang sekadar mendaftar dengan email itu tidak ikut masuk.
        </p>
      </Card>
      {invitations.length > 0 ? (
        <Card title={`${invitations.length} undangan menunggu`} id="undangan">
          <ul className="divide-y divide-stone-100">
            {invitations.map((invitation) => (
              <li
                key={invitation.userId}
                className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center"
                data-invitation={invitation.email}
              >
                <div className="min-w-0 flex-1">
                  <p className="font-semibold text-stone-900">
                    {invitation.name}{" "}
                    <span className="rounded bg-amber-100 px-1.5 py-0.5 text-xs font-bold text-amber-900">
                      Menunggu
                    </span>
                  </p>
                  <p className="truncate text-sm text-stone-700">{invitation.email}</p>
                  <p className="text-xs text-stone-600">
                    Diundang {formatDate(invitation.invitedAt)} · berlaku sampai {formatDate(invitation.expiresAt)}
                  </p>
                </div>
                <Form method="post">
                  <input type="hidden" name="userId" value={invitation.userId} />
                  <SubmitButton intent="remove" variant="outline" pendingText="Membatalkan...">
                    <UserMinus className="h-4 w-4" aria-hidden="true" /> Batalkan Undangan
                  </SubmitButton>
                </Form>
              </li>
            ))}
          </ul>
        </Card>
      ) : null}
      <Card title={`${team.length} anggota tim`} id="anggota">
        <ul className="divide-y divide-stone-100">
          {team.map((member) => (
            <li
              key={member.id}
              className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center"
              data-team-member={member.email}
            >
              <div className="min-w-0 flex-1">
                <p className="font-semibold text-stone-900">
                  {member.name}{" "}
                  <span
                    className={
                      member.role === "admin"
                        ? "rounded bg-brand-100 px-1.5 py-0.5 text-xs font-bold text-brand-900"
                        : "rounded bg-stone-100 px-1.5 py-0.5 text-xs font-bold text-stone-800"
                    }
                  >
                    {ROLE_LABELS[member.role]}
                  </span>
                  {member.id === ownerId ? <span className="ml-1 text-xs text-stone-600">(Anda)</span> : null}
                </p>
                <p className="truncate text-sm text-stone-700">{member.email}</p>
                <p className="text-xs text-stone-600">
                  Bergabung {formatDate(member.createdAt)} · {member.activeSessions} sesi aktif
                </p>
              </div>
              {member.role === "staff" || member.role === "courier" ? (
                <Form
                  method="post"
                  onSubmit={(event) => {
                    if (!window.confirm(`Hapus ${member.name} dari tim? Ia langsung keluar dari semua perangkat.`))
                      event.preventDefault();
                  }}
                >
                  <input type="hidden" name="userId" value={member.id} />
                  <SubmitButton intent="remove" variant="outline" pendingText="Menghapus...">
                    <UserMinus className="h-4 w-4" aria-hidden="true" /> Hapus dari Tim
                  </SubmitButton>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      </Card>
    </div>
  );
}

/** The link of an invitation that waits unsent, shown once to the owner who made it. */
function InviteLinkCard({ message, link }: { message: string; link: string }) {
  const text = `Undangan bergabung sebagai Staf. Buka tautan ini untuk membuat password (berlaku 3 hari): ${link}`;
  return (
    <Card title="Undangan tersimpan, belum terkirim" id="tautan-undangan">
      <div data-testid="invite-link" className="space-y-3">
        <p className="text-sm text-amber-900">{message}</p>
        <Input readOnly value={link} aria-label="Tautan undangan" onFocus={(event) => event.currentTarget.select()} />
        <div className="flex flex-col gap-2 sm:flex-row">
          <a
            href={whatsappHref("", text)}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClass({ className: "bg-green-700 hover:bg-green-800" })}
          >
            <MessageCircle className="h-4 w-4" aria-hidden="true" /> Kirim Tautan via WhatsApp
          </a>
          <CopyButton text={link} label="Salin tautan undangan" />
        </div>
        <p className="text-xs text-stone-600">
          Tautan ini hanya tampil sekali. Bila hilang, batalkan undangannya lalu buat lagi.
        </p>
      </div>
    </Card>
  );
}

export function ErrorBoundary() {
  return <AdminRouteError title="Tim" />;
}
