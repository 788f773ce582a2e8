// The sales report's tables: one markup for every table on the page, so each reads the same
// to a screen reader (a caption naming it, column headers, the row's name as a row header
// where it has one) and figures line up on the right in tabular digits.
import type { ReactNode } from "react";
import { cn } from "~/lib/utils";

export type ReportColumn<Row> = {
  header: ReactNode;
  cell: (row: Row, index: number) => ReactNode;
  /** A figure: right-aligned, tabular digits, never wrapped. */
  numeric?: boolean;
  /** The cell names its row (`<th scope="row">`, in bold), as a slot or a status does. */
  rowHeader?: boolean;
  /** Extra classes for the column's header and for its cells. */
  headerClassName?: string;
  cellClassName?: string;
};

const headerCell = "py-2 pr-2 font-semibold";
const numericHeaderCell = "py-2 pl-2 text-right font-semibold";
const bodyCell = "py-2 pr-2";
const numericBodyCell = "py-2 pl-2 text-right tabular-nums whitespace-nowrap";

export function ReportTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  testId,
  className,
  stickyHeader = false,
}: {
  /** Read by screen readers only: the card or heading above already names the table on screen. */
  caption: string;
  columns: ReportColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  testId: string;
  className?: string;
  /** Keeps the column names in view while a long table scrolls inside its box. */
  stickyHeader?: boolean;
}) {
  return (
    <table className={cn("w-full text-left text-sm", className)} data-testid={testId}>
      <caption className="sr-only">{caption}</caption>
      <thead
        className={cn("border-b border-stone-200 text-xs text-stone-600", stickyHeader && "sticky top-0 bg-white")}
      >
        <tr>
          {columns.map((column, i) => (
            <th
              key={i}
              scope="col"
              className={cn(column.numeric ? numericHeaderCell : headerCell, column.headerClassName)}
            >
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-stone-100">
        {rows.map((row, index) => (
          <tr key={rowKey(row)}>
            {columns.map((column, i) => {
              const className = cn(
                column.numeric ? numericBodyCell : bodyCell,
                column.rowHeader && "font-semibold",
                column.cellClassName,
              );
              return column.rowHeader ? (
                <th key={i} scope="row" className={className}>
                  {column.cell(row, index)}
                </th>
              ) : (
                <td key={i} className={className}>
                  {column.cell(row, index)}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
