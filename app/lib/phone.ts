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
