// Under a picking-list product: what shoppers wrote for it ('potong 4 (#1a2b3c4d)') and how
// many of its lines may be substituted, so the picker sees it while collecting.
import { SUBSTITUTE_LABELS } from "~/lib/cart";

export function PickingLineNotes({ notes, substitutable }: { notes: readonly string[]; substitutable: number }) {
  if (notes.length === 0 && substitutable === 0) return null;
  return (
    <span className="mt-0.5 block text-xs text-stone-800">
      {notes.map((note) => (
        <span key={note} className="block">
          Catatan: {note}
        </span>
      ))}
      {substitutable > 0 ? (
        <span className="block">
          {SUBSTITUTE_LABELS.allowed}: {substitutable} pesanan
        </span>
      ) : null}
    </span>
  );
}
