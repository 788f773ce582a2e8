// Who someone is in the shop: the owner ('Pemilik', stored as 'admin'), a staff member
// ('Staf'), a courier ('Kurir'), or a customer. Owners and staff both work in the admin panel;
// only the owner changes settings, prices and products, and the team. A courier is not staff:
// they see only /kurir, their own runs.
export const USER_ROLES = ["admin", "staff", "courier", "customer"] as const;
export type UserRole = (typeof USER_ROLES)[number];
export type StaffRole = "admin" | "staff";
/** The roles the owner invites onto 'Tim'. */
export type InvitedRole = "staff" | "courier";

export const ROLE_LABELS: Record<UserRole, string> = {
  admin: "Pemilik",
  staff: "Staf",
  courier: "Kurir",
  customer: "Pelanggan",
};

/** A stored role, read safely: anything unknown counts as a customer. */
export function userRole(value: unknown): UserRole {
  return value === "admin" || value === "staff" || value === "courier" ? value : "customer";
}

/** A courier ('Kurir'): their own runs on /kurir, nothing of the admin panel. */
export function isCourierRole(role: unknown): role is "courier" {
  return role === "courier";
}

/** Works in the admin panel (owner or staff). */
export function isStaffRole(role: unknown): role is StaffRole {
  return role === "admin" || role === "staff";
}

/** The owner: settings, prices, products and staff accounts. */
export function isOwnerRole(role: unknown): role is "admin" {
  return role === "admin";
}

/** The message a staff member sees on an owner's page. */
export const OWNER_ONLY_MESSAGE =
  "Halaman ini khusus Pemilik toko. Akun Staf tidak dapat membuka atau mengubahnya; hubungi Pemilik bila perlu perubahan.";
