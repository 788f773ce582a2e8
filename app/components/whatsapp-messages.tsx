// An order's WhatsApp messages, shown on the shopper's and the staff's order pages: each with
// its state ('Dikirim', 'Sampai', 'Dibaca', or 'Gagal' with its reason in Indonesian).
import { formatDateTime } from "~/lib/dates";
import { cn } from "~/lib/utils";
import { whatsappKindLabel, type MessageStatus } from "~/lib/whatsapp";

export type WhatsappMessageView = {
  id: string;
  direction: "in" | "out";
  kind: string;
  body: string;
  at: string;
  status: MessageStatus;
  label: string;
  reason: string | null;
};

const STATE_STYLE: Record<string, string> = {
  Dikirim: "border-stone-300 bg-stone-50 text-stone-800",
  Sampai: "border-sky-300 bg-sky-50 text-sky-900",
  Dibaca: "border-green-300 bg-green-50 text-green-900",
  Gagal: "border-red-300 bg-red-50 text-red-900",
};

export function WhatsappMessageList({
  messages,
  customerName,
}: {
  messages: WhatsappMessageView[];
  /** Who the inbound messages are from, as the page names them. */
  customerName: string;
}) {
  if (messages.length === 0) return <p className="text-sm text-stone-700">Belum ada pesan WhatsApp.</p>;
  return (
    <ol className="space-y-2" aria-label="Pesan WhatsApp">
      {messages.map((m) => (
        <li
          key={m.id}
          data-message-id={m.id}
          className={cn(
            "max-w-[90%] rounded-xl border p-3 text-sm",
            m.direction === "in" ? "mr-auto border-stone-200 bg-white" : "ml-auto border-green-200 bg-green-50",
          )}
        >
          <p className="text-xs font-semibold text-stone-600">
            {m.direction === "in" ? customerName : `Toko · ${whatsappKindLabel(m.kind)}`} · {formatDateTime(m.at)}
          </p>
          <p className="mt-1 break-words whitespace-pre-line text-stone-900">{m.body}</p>
          {m.direction === "out" ? (
            <p className="mt-1.5">
              <span
                className={cn(
                  "inline-block rounded-full border px-2 py-0.5 text-xs font-semibold",
                  STATE_STYLE[m.label] ?? STATE_STYLE.Dikirim,
                )}
              >
                {m.label}
              </span>
              {m.reason ? <span className="mt-1 block text-xs text-red-800">{m.reason}</span> : null}
            </p>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
