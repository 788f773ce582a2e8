// The one action shape: parse -> call -> answer, for a form with and without JavaScript.
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { formFailure, formSuccess } from "~/lib/form";
import { formAction, jsonFormAction, UNEXPECTED_MESSAGE } from "./form-action.server";
import { log } from "./logger.server";

const schema = z.object({ name: z.string().trim().min(1, "Nama wajib diisi.") });

function post(fields: Record<string, string>, headers: Record<string, string> = {}) {
  return new Request("http://localhost/contoh", { method: "POST", body: new URLSearchParams(fields), headers });
}

async function settle(promise: Promise<unknown>) {
  try {
    return { value: await promise, thrown: false };
  } catch (error) {
    return { value: error, thrown: true };
  }
}

type Answer = {
  data: { ok: boolean; message: string; fieldErrors?: object; values?: object };
  init: { status?: number };
};

describe("formAction", () => {
  it("answers a bad form with 400, the field's message and what was typed, without calling the module", async () => {
    const call = vi.fn();
    const { value } = await settle(
      formAction(post({ name: " ", note: "tetap ada" }), { name: "contoh", schema, call }),
    );
    const answer = value as Answer;
    expect(answer.init.status).toBe(400);
    expect(answer.data).toMatchObject({
      ok: false,
      fieldErrors: { name: "Nama wajib diisi." },
      values: { note: "tetap ada" },
    });
    expect(call).not.toHaveBeenCalled();
  });

  it("sends a plain form post on with a 303, and gives a script the data instead", async () => {
    const spec = {
      name: "contoh",
      schema,
      call: async ({ name }: { name: string }) => formSuccess(`Halo ${name}.`),
      documentRedirectTo: () => "/selesai",
    };
    const plain = await settle(formAction(post({ name: "Ani" }, { "sec-fetch-mode": "navigate" }), spec));
    expect(plain.thrown).toBe(true);
    expect((plain.value as Response).status).toBe(303);
    expect((plain.value as Response).headers.get("location")).toBe("/selesai");

    const scripted = await settle(formAction(post({ name: "Ani" }, { "sec-fetch-mode": "cors" }), spec));
    expect((scripted.value as Answer).data).toEqual({ ok: true, message: "Halo Ani." });
  });

  it("sends an admin list's success back to its filters, and never off the admin panel", async () => {
    const spec = { name: "contoh", schema, call: async () => formSuccess("Tersimpan."), redirectBack: true };
    const at = (url: string, fields: Record<string, string>) =>
      new Request(url, { method: "POST", body: new URLSearchParams(fields) });
    const back = await settle(
      formAction(
        at("http://localhost/admin/dashboard?page=2", {
          name: "Ani",
          returnTo: "/admin/dashboard?status=pending&page=3",
        }),
        spec,
      ),
    );
    expect((back.value as Response).headers.get("location")).toBe("/admin/dashboard?status=pending&page=3");
    const foreign = await settle(
      formAction(
        at("http://localhost/admin/dashboard?page=2", { name: "Ani", returnTo: "//evil.example/admin" }),
        spec,
      ),
    );
    expect((foreign.value as Response).headers.get("location")).toBe("/admin/dashboard?page=2");
    const none = await settle(
      formAction(at("http://localhost/admin/delivery-sheet?date=2026-12-01&slot=pagi", { name: "Ani" }), spec),
    );
    expect((none.value as Response).headers.get("location")).toBe("/admin/delivery-sheet?date=2026-12-01&slot=pagi");
  });

  it("passes a module's refusal on with its own status", async () => {
    const { value } = await settle(
      formAction(post({ name: "Ani" }), { name: "contoh", schema, call: async () => formFailure(409, "Stok habis.") }),
    );
    expect((value as Answer).init.status).toBe(409);
    expect((value as Answer).data.message).toBe("Stok habis.");
  });

  it("turns an unexpected error into a friendly 500 that tells nothing of the cause", async () => {
    const { value } = await settle(
      formAction(post({ name: "Ani" }), {
        name: "contoh",
        schema,
        call: async () => {
          throw new Error('relation "products" does not exist');
        },
      }),
    );
    const answer = value as Answer;
    expect(answer.init.status).toBe(500);
    expect(answer.data.message).toBe(UNEXPECTED_MESSAGE);
    expect(JSON.stringify(answer.data)).not.toContain("relation");
    expect(answer.data.values).toEqual({ name: "Ani" });
  });
});

describe("jsonFormAction", () => {
  it("answers every outcome as the FormResult in JSON with its status", async () => {
    const ok = await jsonFormAction(post({ name: "Ani" }), {
      name: "contoh",
      schema,
      call: async ({ name }) => formSuccess("", { greeting: `Halo ${name}` }),
    });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ ok: true, message: "", greeting: "Halo Ani" });

    const bad = await jsonFormAction(post({ name: " " }), { name: "contoh", schema, call: vi.fn() });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ ok: false, fieldErrors: { name: "Nama wajib diisi." } });

    const refused = await jsonFormAction(post({ name: "Ani" }), {
      name: "contoh",
      schema,
      call: async () => formFailure(409, "Stok habis."),
    });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ ok: false, message: "Stok habis." });
  });

  it("hands the schema a repeated field as a list when asked", async () => {
    const answer = await jsonFormAction(post({}), {
      name: "contoh",
      schema: z.object({ id: z.array(z.string()) }),
      fields: () => ({ id: ["a", "b"] }),
      call: async ({ id }) => formSuccess("", { count: id.length }),
    });
    expect(await answer.json()).toMatchObject({ ok: true, count: 2 });
  });

  it("logs an unexpected error with the request id and answers a friendly 500 without its cause", async () => {
    const error = vi.spyOn(log, "error").mockImplementation(() => {});
    try {
      const answer = await jsonFormAction(post({ name: "Ani" }, { "x-request-id": "req-42" }), {
        name: "contoh",
        schema,
        call: async () => {
          throw new Error('relation "products" does not exist');
        },
      });
      expect(answer.status).toBe(500);
      const body = (await answer.json()) as { ok: boolean; message: string };
      expect(body).toMatchObject({ ok: false, message: UNEXPECTED_MESSAGE });
      expect(JSON.stringify(body)).not.toContain("relation");
      expect(error).toHaveBeenCalledWith("contoh failed", expect.objectContaining({ requestId: "req-42" }));
    } finally {
      error.mockRestore();
    }
  });
});
