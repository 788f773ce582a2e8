// The kinds of 'Kode Promo' (`promos.kind`, checked by the database): what the code takes off.
type PromoKindInfo = {
  label: string;
  /** What the form's 'Nilai' field means for this kind. */
  valueLabel: string;
};

export const PROMO_KIND = {
  fixed: { label: "Potongan Rp", valueLabel: "Potongan (Rp)" },
  percent: { label: "Persen", valueLabel: "Persen (1-100)" },
  free_shipping: { label: "Gratis ongkir", valueLabel: "Ongkir ditanggung sampai (Rp)" },
} as const satisfies Record<string, PromoKindInfo>;

export type PromoKind = keyof typeof PROMO_KIND;

export const PROMO_KINDS = Object.keys(PROMO_KIND) as [PromoKind, ...PromoKind[]];

export function isPromoKind(value: unknown): value is PromoKind {
  return typeof value === "string" && Object.hasOwn(PROMO_KIND, value);
}
