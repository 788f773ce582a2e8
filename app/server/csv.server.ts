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

/**
 * Reads a CSV file as spreadsheets save it: an optional BOM, the separator the header line
 * uses most (semicolon, comma or tab), RFC 4180 quotes, CRLF or LF lines. Rows that are
 * wholly empty are dropped; each row keeps its line number in the file for messages.
 */
export function parseCsv(text: string): { separator: string; rows: { line: number; cells: string[] }[] } {
  const source = text.startsWith(BOM) ? text.slice(1) : text;
  const firstLine = source.split(/\r?\n/, 1)[0] ?? "";
  const count = (ch: string) => firstLine.split(ch).length - 1;
  const separator = [";", ",", "\t"].reduce((best, ch) => (count(ch) > count(best) ? ch : best), CSV_SEPARATOR);
  const rows: { line: number; cells: string[] }[] = [];
  let cells: string[] = [];
  let cell = "";
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  const endRow = () => {
    cells.push(cell);
    if (cells.some((c) => c.trim() !== "")) rows.push({ line: rowLine, cells });
    cells = [];
    cell = "";
    rowLine = line;
  };
  for (let i = 0; i < source.length; i++) {
    const ch = source[i];
    if (quoted) {
      if (ch === '"' && source[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else {
        if (ch === "\n") line++;
        cell += ch;
      }
    } else if (ch === '"' && cell.trim() === "") {
      quoted = true;
      cell = "";
    } else if (ch === separator) {
      cells.push(cell);
      cell = "";
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && source[i + 1] === "\n") i++;
      line++;
      endRow();
    } else cell += ch;
  }
  if (cell !== "" || cells.length > 0) endRow();
  return { separator, rows };
}

/** A cell as the shop wrote it: the apostrophe `csvCell` put before a formula start is taken off again. */
export function csvText(cell: string): string {
  const text = cell.trim();
  return /^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text;
}
