// A standing order's states and what a planned delivery of it came to, with their names. Kept
// apart from the standing-order form's validation (app/lib/standing-orders.ts) so a page that
// only lists standing orders does not load the validation library.

export const STANDING_OUTCOMES = {
  skipped: { label: "Dilewati" },
  placed: { label: "Pesanan dibuat" },
  nothing: { label: "Tidak ada yang bisa diantar" },
  refused: { label: "Pesanan tidak dibuat" },
} as const;
export type StandingOutcome = keyof typeof STANDING_OUTCOMES;

export const STANDING_STATUSES = {
  active: { label: "Aktif" },
  stopped: { label: "Berhenti" },
} as const;
export type StandingStatus = keyof typeof STANDING_STATUSES;
