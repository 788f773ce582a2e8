// What the 'Admin Dashboard' loader sends and its parts read. The route declares its loader
// with this type, so the parts need not import the route (lint refuses that import).
import { useLoaderData } from "react-router";
import type { AdminOrderFilters } from "~/server/orders/staff-list.server";
import type { SlotChip, SlotDelivery } from "~/lib/delivery-sheet";
import type { listLowStock } from "~/server/catalog/low-stock.server";
import type { ShopReadiness } from "~/server/shop/readiness.server";
import type { StandingProblem } from "~/server/standing-orders/staff.server";

export type AdminDashboardData = {
  filters: AdminOrderFilters;
  tab: "daftar" | "statistik";
  slotChips: SlotChip[];
  nextSlot: SlotDelivery;
  lowStock: Awaited<ReturnType<typeof listLowStock>>;
  readiness: ShopReadiness;
  /** Coming dates whose standing order made no order. */
  standingProblems: StandingProblem[];
  /** Only the owner edits products: staff see the low-stock list without links to a page they may not open. */
  canEditProducts: boolean;
  today: string;
  tomorrow: string;
  /** Waiting orders whose prefilled chat has not reached the shop after the setting's minutes. */
  chatMissing: { count: number; minutes: number };
};

export function useAdminDashboardData(): AdminDashboardData {
  return useLoaderData() as AdminDashboardData;
}
