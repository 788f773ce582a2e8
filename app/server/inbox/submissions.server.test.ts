import { describe, expect, it } from "vitest";
import { contactMessageSchema, partnerApplicationSchema } from "./submissions.server";

describe("submitted text", () => {
  it("keeps a textarea's lines the same whether the form was posted with or without JavaScript", () => {
    const base = { name: "Pak Slamet", phone: "0812 3456 7890" };
    const plain = partnerApplicationSchema.parse({ ...base, products: "Bayam\r\nKangkung\r\n" });
    const scripted = partnerApplicationSchema.parse({ ...base, products: "Bayam\nKangkung" });
    expect(plain.products).toBe("Bayam\nKangkung");
    expect(scripted.products).toBe(plain.products);
    const message = contactMessageSchema.parse({
      name: "Bu Rina",
      email: "rina@contoh.id",
      subject: "Langganan",
      message: "Bisa antar?\r\nTiap pagi.",
    });
    expect(message.message).toBe("Bisa antar?\nTiap pagi.");
  });
});
