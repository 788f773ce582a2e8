import { describe, expect, it } from "vitest";
import { isTransientConnectionError } from "./lifecycle.server";

function withCode(message: string, code: string) {
  return Object.assign(new Error(message), { code });
}

describe("isTransientConnectionError: which start-up failures are worth waiting out", () => {
  it("retries a database that is not reachable or not ready yet", () => {
    expect(isTransientConnectionError(withCode("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED"))).toBe(true);
    expect(isTransientConnectionError(withCode("getaddrinfo EAI_AGAIN db", "EAI_AGAIN"))).toBe(true);
    expect(isTransientConnectionError(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isTransientConnectionError(new Error("timeout expired"))).toBe(true);
    expect(isTransientConnectionError(withCode("the database system is starting up", "57P03"))).toBe(true);
    // localhost resolves to ::1 and 127.0.0.1: Node reports both refusals in one AggregateError.
    expect(
      isTransientConnectionError(new AggregateError([withCode("a", "ECONNREFUSED"), withCode("b", "ECONNREFUSED")])),
    ).toBe(true);
    // Drizzle's migrator wraps the driver's error.
    expect(
      isTransientConnectionError(
        new Error("Failed to run migrations", { cause: withCode("connect ECONNREFUSED", "ECONNREFUSED") }),
      ),
    ).toBe(true);
  });

  it("fails at once on a mistake that waiting cannot fix", () => {
    expect(isTransientConnectionError(withCode('password authentication failed for user "shop"', "28P01"))).toBe(false);
    expect(isTransientConnectionError(withCode('database "tokoo" does not exist', "3D000"))).toBe(false);
    expect(isTransientConnectionError(new Error('relation "orders" already exists'))).toBe(false);
    expect(isTransientConnectionError(undefined)).toBe(false);
    expect(isTransientConnectionError("ECONNREFUSED")).toBe(false);
  });
});
