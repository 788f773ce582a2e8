// Dialogs on Radix (focus trap, Escape, focus return): a general Dialog, the shop's
// one-button notification dialog, and a bottom Sheet for phone filters and menus.
import { Dialog as D } from "radix-ui";
import type { ReactNode } from "react";
import { X } from "lucide-react";
import { cn } from "~/lib/utils";
import { Button } from "./button";

export const Dialog = D.Root;
export const DialogTrigger = D.Trigger;
export const DialogClose = D.Close;

export function DialogContent({
  title,
  description,
  children,
  className,
}: {
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <D.Portal>
      <D.Overlay className="fixed inset-0 z-50 bg-black/50" />
      <D.Content
        className={cn(
          "fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl focus:outline-none",
          className,
        )}
      >
        <D.Title className="text-lg font-bold text-stone-900">{title}</D.Title>
        {description ? (
          <D.Description className="mt-2 text-sm text-stone-700">{description}</D.Description>
        ) : (
          <D.Description className="sr-only">{title}</D.Description>
        )}
        {children}
        <D.Close
          className="absolute top-3 right-3 rounded-full p-2 text-stone-600 hover:bg-stone-100"
          aria-label="Tutup"
        >
          <X className="h-5 w-5" aria-hidden="true" />
        </D.Close>
      </D.Content>
    </D.Portal>
  );
}

/** The shop's notification dialog: title, description, one confirm button (default 'OK'). */
export function NotifyDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel = "OK",
  onConfirm,
  tone = "default",
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  confirmLabel?: string;
  onConfirm?: () => void;
  tone?: "default" | "error";
}) {
  return (
    <D.Root open={open} onOpenChange={onOpenChange}>
      <D.Portal>
        <D.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <D.Content
          role="alertdialog"
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 text-center shadow-xl focus:outline-none"
        >
          <D.Title className={cn("text-lg font-bold", tone === "error" ? "text-red-800" : "text-stone-900")}>
            {title}
          </D.Title>
          <D.Description className="mt-2 text-sm text-stone-700">{description ?? title}</D.Description>
          <Button
            className="mt-5 w-full"
            variant={tone === "error" ? "destructive" : "default"}
            onClick={() => {
              onOpenChange(false);
              onConfirm?.();
            }}
          >
            {confirmLabel}
          </Button>
        </D.Content>
      </D.Portal>
    </D.Root>
  );
}

/** A panel that slides up from the bottom (phones) or in from the side. */
export function SheetContent({
  title,
  description,
  children,
  side = "bottom",
  className,
}: {
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  side?: "bottom" | "right";
  className?: string;
}) {
  return (
    <D.Portal>
      <D.Overlay className="fixed inset-0 z-50 bg-black/50" />
      <D.Content
        className={cn(
          "fixed z-50 flex flex-col bg-white shadow-xl focus:outline-none",
          side === "bottom" ? "inset-x-0 bottom-0 max-h-[85vh] rounded-t-2xl" : "inset-y-0 right-0 w-80 max-w-[85vw]",
          className,
        )}
      >
        <div className="flex items-center justify-between border-b border-stone-200 px-4 py-3">
          <D.Title className="text-base font-bold">{title}</D.Title>
          <D.Close className="rounded-full p-2 text-stone-600 hover:bg-stone-100" aria-label="Tutup">
            <X className="h-5 w-5" aria-hidden="true" />
          </D.Close>
        </div>
        {description ? (
          <D.Description className="px-4 pt-2 text-sm text-stone-600">{description}</D.Description>
        ) : (
          <D.Description className="sr-only">{title}</D.Description>
        )}
        <div className="overflow-y-auto">{children}</div>
      </D.Content>
    </D.Portal>
  );
}
