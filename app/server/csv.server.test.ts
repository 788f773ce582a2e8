import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { csvCell, csvText, parseCsv, toCsv } from "./csv.server";

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
    expect(csvCell("\tcmd")).toBe('"\'\tcmd"');
  });

  it("writes a BOM, CRLF rows and Indonesian text intact", () => {
    const file = toCsv(["Nama", "Catatan"], [["Bu Sri", "Titip di pos satpam 🙏 ya, terima kasih"]]);
    expect(file.startsWith("\uFEFFNama;Catatan\r\n")).toBe(true);
    expect(file).toContain('Bu Sri;"Titip di pos satpam 🙏 ya, terima kasih"\r\n');
  });
});

describe("csv opened by a spreadsheet", () => {
  const hostile = [
    "Budi,=2+3",
    "Budi;=2+3",
    "Budi\t=2+3",
    'Budi"=2+3',
    "Budi\n=2+3",
    "Budi\r\n@SUM(A1)",
    "=1+1",
    "-2+3,+4",
    "Jl. Jawa, No. 5",
    "Rp 10.000,-",
  ];
  const file = toCsv(["Nama", "Catatan"], [...hostile.map((text) => [text, text]), ["Bu Sri", -5000]]);
  const body = file.replace(/^\uFEFF/, "");

  it("reads back every cell exactly under RFC 4180, formulas neutralised", () => {
    const rows = parse(body, { delimiter: ";", record_delimiter: "\r\n" }) as string[][];
    expect(rows[0]).toEqual(["Nama", "Catatan"]);
    hostile.forEach((text, i) => {
      const started = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
      const expected = started.replace(/([,;\t\r\n])([=+@]|-(?=\S))/g, "$1'$2");
      expect(rows[i + 1]).toEqual([expected, expected]);
    });
    expect(rows.at(-1)).toEqual(["Bu Sri", "-5000"]);
  });

  it("leaves ordinary Indonesian text readable", () => {
    expect(csvCell("Rp 10.000,-")).toBe('"Rp 10.000,-"');
    expect(csvCell("Bayam, kangkung")).toBe('"Bayam, kangkung"');
  });

  it.each([",", "\t", ";"])("gives no formula cell to a spreadsheet that splits on %j", (delimiter) => {
    // A spreadsheet guessing the separator still honours quotes; every piece it can make
    // outside quotes must not start like a formula.
    const outsideQuotes = body.replace(/"(?:[^"]|"")*"/g, "Q");
    for (const line of outsideQuotes.split(/\r\n|\n|\r/).filter(Boolean)) {
      for (const cell of line.split(delimiter)) expect(cell.trimStart()).not.toMatch(/^[=+@]|^-[^\d]/);
    }
  });
});

describe("parseCsv", () => {
  it("reads back what toCsv wrote: BOM, quotes, separators and line breaks inside cells", () => {
    const text = toCsv(
      ["slug", "nama", "harga"],
      [
        ["cabai", '=HYPERLINK("x")', 38000],
        ["bawang", "Bawang; merah\r\nProbolinggo", 40000],
      ],
    );
    const { separator, rows } = parseCsv(text);
    expect(separator).toBe(";");
    expect(rows.map((r) => r.cells.map(csvText))).toEqual([
      ["slug", "nama", "harga"],
      ["cabai", '=HYPERLINK("x")', "38000"],
      ["bawang", "Bawang; merah\r\nProbolinggo", "40000"],
    ]);
    expect(rows.map((r) => r.line)).toEqual([1, 2, 3]);
  });

  it("takes the comma when the header uses it, and drops empty lines", () => {
    const { separator, rows } = parseCsv("slug,harga\n\ncabai,38000\n");
    expect(separator).toBe(",");
    expect(rows).toEqual([
      { line: 1, cells: ["slug", "harga"] },
      { line: 3, cells: ["cabai", "38000"] },
    ]);
  });
});
