// CSV that opens correctly in the spreadsheets the shop uses (Excel with Indonesian
// settings, LibreOffice, Google Sheets): UTF-8 with a BOM so accents and emoji survive,
// semicolons because Indonesian Excel reads the comma as the decimal sign, CRLF lines.
// Our own writer rather than csv-stringify: quoting is one rule here, and the formula
// neutralising and the number/text split would need the same hooks in the library.

export const CSV_SEPARATOR = ";";
const BOM = "\uFEFF";

export type CsvValue = string | number | null | undefined;

/**
 * One cell. Text that a spreadsheet would run as a formula (starting with = + - @, or a tab
 * or carriage return that some of them skip first) gets a leading apostrophe (OWASP CSV
 * injection advice), then the cell is quoted by RFC 4180; numbers stay numbers so columns
 * can be summed.
 */
export function csvCell(value: CsvValue, separator = CSV_SEPARATOR): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  let text = value;
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  // A spreadsheet that guesses another separator, or a tool that splits lines before
  // reading quotes, starts a new cell inside this text: neutralise a formula start there
  // too ("Budi,=2+3"). "Rp 10.000,-" stays as it is: a lone minus is no formula.
  text = text.replace(/([,;\t\r\n])([=+@]|-(?=\S))/g, "$1'$2");
  // Quoted (RFC 4180) whenever it holds any separator a spreadsheet might guess (comma,
  // semicolon, tab), a quote or a line break, so no piece of it can become a cell of its own.
  const needsQuotes = text.includes(separator) || /[",;\t\r\n]/.test(text) || text !== text.trim();
  return needsQuotes ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(values: CsvValue[], separator = CSV_SEPARATOR): string {
  return values.map((v) => csvCell(v, separator)).join(separator);
}

/** A whole file: BOM, header row, data rows, CRLF after every row. */
export function toCsv(header: string[], rows: CsvValue[][], separator = CSV_SEPARATOR): string {
  return BOM + [header, ...rows].map((row) => `${csvRow(row, separator)}\r\n`).join("");
}
