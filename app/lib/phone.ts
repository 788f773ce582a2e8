// Indonesian phone numbers as people type them (08..., +62..., 62...), stored as 62...

/** Returns the number as international digits starting with 62, or null when it is not a plausible Indonesian number. */
export function normalizeIndonesianPhone(input: string): string | null {
  const trimmed = input.trim();
  if (!/^\+?[\d\s().-]+$/.test(trimmed)) return null;
  let digits = trimmed.replace(/\D/g, "");
  if (digits.startsWith("0")) digits = `62${digits.slice(1)}`;
  if (!digits.startsWith("62")) return null;
  return /^62[1-9]\d{7,12}$/.test(digits) ? digits : null;
}

/** For wa.me links to a customer: the leading 0 replaced by 62; odd input is kept as digits. */
export function whatsappNumber(phone: string): string {
  return normalizeIndonesianPhone(phone) ?? phone.replace(/\D/g, "");
}

/** A stored 62... number as Indonesians read it: 0812-3456-7890. Odd input is returned as is. */
export function formatIndonesianPhone(phone: string): string {
  if (!/^62\d{8,13}$/.test(phone)) return phone;
  const local = `0${phone.slice(2)}`;
  // Mobile numbers are read in groups of four; landlines keep their digits together.
  return local.startsWith("08") ? local.replace(/^(\d{4})(\d{4})(\d+)$/, "$1-$2-$3") : local;
}
