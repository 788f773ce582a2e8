// The page draws its sections (app/components/admin/settings) and the server reads them back:
// both must know the same sections, by the same id, saving the same setting.
import { describe, expect, it } from "vitest";
import { SETTINGS_SECTIONS } from "~/components/admin/settings/sections";
import { readSettingsSection, SETTINGS_FORM_READERS, settingsFormSchema } from "./section-forms.server";

describe("settings section forms", () => {
  it("read every section the page draws, into the setting it shows", () => {
    expect(Object.fromEntries(Object.entries(SETTINGS_FORM_READERS).map(([id, r]) => [id, r.key]))).toEqual(
      Object.fromEntries(SETTINGS_SECTIONS.map((s) => [s.id, s.key])),
    );
  });

  it("refuse a section nobody knows with a message, and read a known one's fields", () => {
    const unknown = settingsFormSchema.safeParse({ intent: "rahasia", revision: "3" });
    expect(unknown.success).toBe(false);
    expect(unknown.error?.issues[0]?.message).toBe("Bagian pengaturan tidak dikenal. Muat ulang halaman.");
    const input = settingsFormSchema.parse({ intent: "minimal-belanja", revision: "3", minimumOrder: " 75.000 " });
    expect(input.revision).toBe(3);
    const { key, read } = readSettingsSection(input, { minimumOrder: null } as never, { today: "2026-11-28" });
    expect(key).toBe("minimumOrder");
    expect(read).toMatchObject({ ok: true, candidate: "75.000" });
  });

  it("shows a closed day typed wrongly again with its message, saving nothing", () => {
    const input = settingsFormSchema.parse({ intent: "hari-libur", "new.date": "2026-11-01", "new.note": "Libur" });
    const { read } = readSettingsSection(input, { closedDays: [] } as never, { today: "2026-11-28" });
    expect(read).toMatchObject({ ok: false, status: 400, fieldErrors: { "new.date": "Tanggal sudah lewat." } });
  });
});
