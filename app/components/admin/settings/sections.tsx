// The sections of 'Pengaturan Toko' (/admin/settings), in the order the page shows them.
// To add one: write `<name>-section.tsx` beside this file with `defineSection` (see
// section.tsx and the files here), register its setting in app/lib/shop-settings.ts, and add
// it to this list. The page's loader, action and history pick it up without other changes.
import { closedDaysSection } from "./closed-days-section";
import { deliveryAreasSection } from "./delivery-areas-section";
import { deliverySlotsSection } from "./delivery-slots-section";
import { minimumOrderSection } from "./minimum-order-section";
import { ordersPerCustomerSection } from "./orders-per-customer-section";
import { paymentDeadlineSection } from "./payment-deadline-section";
import { paymentMethodsSection } from "./payment-methods-section";
import { shopIdentitySection } from "./shop-identity-section";
import { standingOrdersSection } from "./standing-orders-section";
import type { SettingsSection } from "./section";

export const SETTINGS_SECTIONS: SettingsSection[] = [
  shopIdentitySection,
  deliverySlotsSection,
  closedDaysSection,
  minimumOrderSection,
  ordersPerCustomerSection,
  standingOrdersSection,
  deliveryAreasSection,
  paymentMethodsSection,
  paymentDeadlineSection,
] as SettingsSection[];
