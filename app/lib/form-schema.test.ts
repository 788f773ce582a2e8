import { describe, expect, it } from "vitest";
import { z } from "zod";
import { uuidField } from "./form-schema";

describe("uuidField", () => {
  const schema = z.object({ id: uuidField("Pesanan tidak ditemukan.") });
  const messageFor = (id: unknown) => schema.safeParse({ id }).error?.issues[0]?.message;

  it("takes any database id, upper or lower case", () => {
    expect(schema.parse({ id: "0195f3a2-7c1e-7b4d-9a3f-2b8c1d4e5f60" })).toEqual({
      id: "0195f3a2-7c1e-7b4d-9a3f-2b8c1d4e5f60",
    });
    expect(messageFor("0195F3A2-7C1E-7B4D-9A3F-2B8C1D4E5F60")).toBeUndefined();
  });

  it("gives its one message for a missing, odd or malformed id", () => {
    for (const id of [undefined, 42, "", "bukan-id", "0195f3a2-7c1e-7b4d-9a3f-2b8c1d4e5f6"]) {
      expect(messageFor(id), String(id)).toBe("Pesanan tidak ditemukan.");
    }
  });
});
