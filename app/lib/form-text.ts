// Characters no field of the shop's forms ever needs: the C0 controls except tab and line
// breaks, and DEL. PostgreSQL cannot store NUL at all, so without this rule a NUL in a form
// became a database error (a 5xx) instead of a message next to the field.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const FORBIDDEN_CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

export const CONTROL_CHARACTER_MESSAGE = "Isian berisi karakter yang tidak diizinkan.";

export function hasNoControlCharacters(value: string): boolean {
  return !FORBIDDEN_CONTROL.test(value);
}

// A one-line field (a name, an area, a holiday's note) has no use for any control character:
// a tab or line break stored there breaks the lists, sheets and e-mails that show it on one
// line. U+2028 and U+2029 are line breaks too, for browsers and JSON alike.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const ANY_CONTROL = /[\u0000-\u001F\u007F\u2028\u2029]/;

export const SINGLE_LINE_MESSAGE = "Isian ini hanya satu baris, tanpa baris baru atau karakter khusus.";

export function isSingleLineText(value: string): boolean {
  return !ANY_CONTROL.test(value);
}

// Every token the shop mails out (password reset, e-mail verification, unsubscribe links) is
// made of URL-safe characters only. Anything else in a token parameter (a NUL above all, which
// PostgreSQL cannot even compare) is a broken link, answered as one before any lookup.
const TOKEN_SHAPE = /^[A-Za-z0-9._~-]+$/;

export function isTokenShaped(value: unknown, maxLength = 2000): value is string {
  return typeof value === "string" && value.length > 0 && value.length <= maxLength && TOKEN_SHAPE.test(value);
}
