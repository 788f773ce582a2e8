// Characters no field of the shop's forms ever needs: the C0 controls except tab and line
// breaks, and DEL. PostgreSQL cannot store NUL at all, so without this rule a NUL in a form
// became a database error (a 5xx) instead of a message next to the field.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const FORBIDDEN_CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

export const CONTROL_CHARACTER_MESSAGE = "Isian berisi karakter yang tidak diizinkan.";

export function hasNoControlCharacters(value: string): boolean {
  return !FORBIDDEN_CONTROL.test(value);
}
