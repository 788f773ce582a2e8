const GUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

/** A database id (any UUID layout), checked before it reaches a query that would fail on it. */
export function isUuid(value: unknown): value is string {
  return typeof value === "string" && GUID.test(value);
}
