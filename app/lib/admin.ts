// Vocabulary of the admin panel shared by its server modules and its screens.

export const INBOX_STATUSES = ["new", "contacted", "done"] as const;
export type InboxStatus = (typeof INBOX_STATUSES)[number];
export const INBOX_STATUS_LABELS: Record<InboxStatus, string> = {
  new: "Baru",
  contacted: "Sudah Dihubungi",
  done: "Selesai",
};
export const INBOX_STATUS_BADGE: Record<InboxStatus, string> = {
  new: "bg-amber-100 text-amber-900 ring-amber-300",
  contacted: "bg-blue-100 text-blue-900 ring-blue-300",
  done: "bg-green-100 text-green-900 ring-green-300",
};

/** mitra: farmers' partner applications; pesan: contact messages. */
export const INBOX_KINDS = ["mitra", "pesan"] as const;
export type InboxKind = (typeof INBOX_KINDS)[number];

export function inboxStatusLabel(status: string): string {
  return (INBOX_STATUS_LABELS as Record<string, string>)[status] ?? status;
}
