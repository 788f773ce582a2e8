import type { PromoTerms } from "~/lib/promo";

// The order as the staff order page's parts read it (what the admin orders server module loads).
export type AdminOrderView = {
  id: string;
  shortId: string;
  status: string;
  totalAmount: number;
  grandTotal: number;
  billFinal: boolean;
  deliveryFee: number | null;
  deliveryFeeSource: string | null;
  deliveryAreaName: string | null;
  areaFee: number | null;
  deliverySlot: string;
  deliveryTime: string;
  deliveryDate: string;
  notes: string;
  recipientName: string;
  recipientPhone: string;
  recipientAddress: string;
  createdAt: Date;
  accountName: string;
  accountEmail: string;
  /** The 'Kode Promo' and what it took off the goods and the fee (already taken from the two). */
  promoCode: string | null;
  promoTerms: PromoTerms | null;
  promoDiscount: number;
  promoFeeDiscount: number;
  items: {
    id: string;
    productName: string;
    productUnit: string;
    productImageUrl: string | null;
    quantity: number;
    soldByWeight: boolean;
    price: number;
    originalPrice: number;
    discount: number;
    note: string;
    allowSubstitute: boolean;
    lineTotal: number;
  }[];
  history: {
    id: string;
    fromStatus: string | null;
    toStatus: string;
    note: string;
    createdAt: Date;
    changedByName: string | null;
    changedByRole: string | null;
  }[];
  links: { tel: string; whatsapp: string; maps: string };
};
