// After the order is stored: the WhatsApp chat opens (or a button opens it when the browser
// blocked the new tab), then the thank-you page.
import { MessageCircle } from "lucide-react";
import { buttonClass } from "~/components/ui/button";
import { Dialog, DialogContent } from "~/components/ui/dialog";

export function PlacedDialog({
  placed,
  onClose,
  onChatOpened,
}: {
  placed: { chatUrl: string; chatOpened: boolean } | null;
  onClose: () => void;
  onChatOpened: () => void;
}) {
  return (
    <Dialog open={placed !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title="Pesanan Berhasil"
        description="Anda akan diarahkan ke WhatsApp untuk menyelesaikan pembayaran."
      >
        {placed ? (
          <div className="mt-5 space-y-3">
            {!placed.chatOpened ? (
              <p className="text-sm text-stone-700">Jika WhatsApp belum terbuka, tekan tombol di bawah ini.</p>
            ) : null}
            <a
              href={placed.chatUrl}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClass({ className: "w-full" })}
              onClick={onChatOpened}
            >
              <MessageCircle className="h-4 w-4" aria-hidden="true" /> Buka WhatsApp
            </a>
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
