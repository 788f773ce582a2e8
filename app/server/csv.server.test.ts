import { describe, expect, it } from "vitest";
import { csvCell, toCsv } from "./csv.server";

describe("csv", () => {
  it("keeps plain text and numbers as they are", () => {
    expect(csvCell("Bayam Hijau")).toBe("Bayam Hijau");
    expect(csvCell(15000)).toBe("15000");
    expect(csvCell(null)).toBe("");
  });

  it("quotes separators, quotes and line breaks", () => {
    expect(csvCell("Jl. Jawa; No. 5")).toBe('"Jl. Jawa; No. 5"');
    expect(csvCell('Cabai "rawit"')).toBe('"Cabai ""rawit"""');
    expect(csvCell("baris 1\nbaris 2")).toBe('"baris 1\nbaris 2"');
    expect(csvCell(" spasi ")).toBe('" spasi "');
  });

  it("defuses text a spreadsheet would run as a formula", () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvCell("+6281234")).toBe("'+6281234");
    expect(csvCell("-2+3")).toBe("'-2+3");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\tcmd")).toBe("'\tcmd");
  });

  it("writes a BOM, CRLF rows and Indonesian text intact", () => {
    const file = toCsv(["Nama", "Catatan"], [["Bu Sri", "Titip di pos satpam 🙏 ya, terima kasih"]]);
    expect(file.startsWith("\uFEFFNama;Catatan\r\n")).toBe(true);
    expect(file).toContain("Bu Sri;Titip di pos satpam 🙏 ya, terima kasih\r\n");
  });
});
