// The photo of a payment, picked for 'Unggah Bukti Bayar' (the customer's order page) and
// 'Lampirkan Bukti' (the staff order page): the file input itself is hidden and its label,
// drawn as a button, is the one control people and screen readers use, because the browser's
// own file button speaks English and cannot be styled. The label opens the picker with a tap,
// a click, Enter or Space, with scripts or without.
import { useRef, type ReactNode } from "react";
import { cn } from "~/lib/utils";

/** The images the server takes as a proof (it re-encodes them; see `imageFileSchema`). */
export const PROOF_IMAGE_TYPES = "image/jpeg,image/png,image/webp";
/** The end of the line under the picker that says which files are taken. */
export const PROOF_FILES_TEXT = "JPEG, PNG atau WebP, maksimal 5 MB.";

export function PaymentProofPicker({
  id,
  describedBy,
  busy = false,
  onPick,
  className,
  children,
}: {
  /** The input's id, which the label points at. */
  id: string;
  /** The id of the line that says which files are taken. */
  describedBy: string;
  /** While the picked photo is being sent: the label is shown pressed-off and ignores taps. */
  busy?: boolean;
  /** The input once a file was picked (or the pick was emptied). */
  onPick: (input: HTMLInputElement) => void;
  className: string;
  children: ReactNode;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={inputRef}
        id={id}
        type="file"
        name="proof"
        accept={PROOF_IMAGE_TYPES}
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => onPick(event.currentTarget)}
      />
      <label
        htmlFor={id}
        role="button"
        tabIndex={0}
        aria-describedby={describedBy}
        aria-disabled={busy || undefined}
        onKeyDown={(event) => {
          if (event.key === "Enter" || event.key === " ") {
            event.preventDefault();
            inputRef.current?.click();
          }
        }}
        className={cn(className, busy && "pointer-events-none opacity-70")}
      >
        {children}
      </label>
    </>
  );
}
