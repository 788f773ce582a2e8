// 'WhatsApp' on the staff's order page: whether the customer's chat reached the shop ('Belum
// chat' with its one-tap clear, or 'Chat diterima'), the conversation, and 'Balas via
// WhatsApp' with 'Kirim' while the 24-hour window since the customer's last message is open;
// once it is closed, 'Kirim Template' with the approved order templates that fit the order.
import { Form } from "react-router";
import { Card, ErrorNote } from "~/components/admin/card";
import { SubmitButton } from "~/components/admin/submit-button";
import { Field, Textarea } from "~/components/ui/field";
import { WhatsappMessageList, type WhatsappMessageView } from "~/components/whatsapp-messages";
import { formatDateTime } from "~/lib/dates";

export type StaffWhatsappView = {
  messages: WhatsappMessageView[];
  canReply: boolean;
  replyUntil: string | null;
  connected: boolean;
  chat: { missing: boolean; confirmedBy: string | null; confirmedAt: string | null } | null;
  templates: { choices: { kind: string; label: string; text: string }[]; refusal: string | null };
};

export function WhatsappCard({
  whatsapp,
  customerName,
  whatsappLink,
  error,
  fieldError,
}: {
  whatsapp: StaffWhatsappView;
  customerName: string;
  whatsappLink: string;
  error?: string;
  fieldError?: string;
}) {
  const { chat } = whatsapp;
  return (
    <Card title="WhatsApp" id="whatsapp">
      {chat?.missing ? (
        <div className="mb-3 flex flex-wrap items-center justify-between gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3">
          <p className="text-sm text-amber-900">
            <strong>Belum chat</strong>: pesan pesanan dari pelanggan belum sampai ke toko.
          </p>
          <Form method="post">
            <SubmitButton intent="chat-confirmed" size="sm" variant="outline" pendingText="Menyimpan...">
              Tandai sudah chat
            </SubmitButton>
          </Form>
        </div>
      ) : chat?.confirmedBy === "whatsapp" ? (
        <p className="mb-3 text-sm font-semibold text-green-800">
          Chat diterima{chat.confirmedAt ? ` · ${formatDateTime(chat.confirmedAt)}` : ""}
        </p>
      ) : chat?.confirmedBy === "staff" ? (
        <p className="mb-3 text-sm text-stone-700">Ditandai sudah chat oleh staf.</p>
      ) : null}
      <WhatsappMessageList messages={whatsapp.messages} customerName={customerName} />
      {whatsapp.connected ? (
        <div className="mt-4 border-t border-stone-100 pt-3">
          <ErrorNote className="mb-2">{error}</ErrorNote>
          {whatsapp.canReply ? (
            <Form method="post" className="space-y-2">
              <Field
                label="Balas via WhatsApp"
                error={fieldError}
                hint={
                  whatsapp.replyUntil
                    ? `Teks bebas bisa dikirim sampai ${formatDateTime(whatsapp.replyUntil)}.`
                    : undefined
                }
              >
                {(p) => <Textarea {...p} name="body" rows={3} maxLength={4096} required />}
              </Field>
              <SubmitButton intent="whatsapp-reply" pendingText="Mengirim...">
                Kirim
              </SubmitButton>
            </Form>
          ) : (
            <div className="space-y-3 text-sm text-stone-700">
              <p>
                <strong>Balas via WhatsApp</strong>: di luar jendela 24 jam sejak pesan terakhir pelanggan, teks bebas
                tidak bisa dikirim. Kirim salah satu pesan templat yang disetujui, atau hubungi lewat wa.me.
              </p>
              <TemplatePicker templates={whatsapp.templates} />
              <a
                href={whatsappLink}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-block font-semibold text-green-800 underline"
              >
                Buka chat wa.me dengan pelanggan
              </a>
            </div>
          )}
        </div>
      ) : null}
    </Card>
  );
}

/** 'Kirim Template': the order templates that fit, each with the filled text the customer reads. */
function TemplatePicker({ templates }: { templates: StaffWhatsappView["templates"] }) {
  if (templates.refusal)
    return <p className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-900">{templates.refusal}</p>;
  if (templates.choices.length === 0) return null;
  return (
    <Form method="post" className="space-y-2">
      <fieldset className="space-y-2">
        <legend className="mb-1 font-semibold text-stone-900">Pilih pesan templat</legend>
        {templates.choices.map((choice, index) => (
          <label
            key={choice.kind}
            className="flex cursor-pointer gap-3 rounded-lg border border-stone-200 p-3 has-[:checked]:border-green-600 has-[:checked]:bg-green-50"
          >
            <input
              type="radio"
              name="kind"
              value={choice.kind}
              defaultChecked={index === 0}
              className="mt-1 size-4 shrink-0 accent-green-700"
            />
            <span className="min-w-0">
              <span className="block font-semibold text-stone-900">{choice.label}</span>
              <span className="mt-1 block break-words whitespace-pre-line text-stone-700">{choice.text}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <SubmitButton intent="whatsapp-template" pendingText="Mengirim...">
        Kirim Template
      </SubmitButton>
    </Form>
  );
}
