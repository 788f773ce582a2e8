// A form of the staff order page that answers in place: it posts through a fetcher, so the
// page keeps its scroll position (a thumb halfway down the lines stays there), the answer shows
// under the form that was pressed, and the page's data refreshes behind it. An action that
// cannot be taken back ('Tagihan Final', 'Tidak Tersedia') first asks, saying what will happen.
// Without scripts it is a plain form post (the page comes back with the one-time message).
import { useEffect, useRef, useState, type ReactNode } from "react";
import { useFetcher } from "react-router";
import { useHydrated } from "~/components/account-form";
import { FormBusyContext } from "~/components/admin/submit-button";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent } from "~/components/ui/dialog";
import type { FormResult } from "~/lib/form";
import { cn } from "~/lib/utils";

export type ConfirmText = {
  title: string;
  /** What will happen, in one or two sentences. */
  description: string;
  confirmLabel: string;
};

export type StaffAnswer = FormResult<object, string, object>;

export function StaffOrderForm({
  children,
  className,
  confirm,
  onAnswer,
  answerClassName,
  resetOnSuccess = false,
  fetcherKey,
  encType,
}: {
  /** 'multipart/form-data' for a form that sends a file. */
  encType?: "multipart/form-data";
  /**
   * For a form that disappears once it succeeded ('Tagihan Final', a line marked 'Tidak
   * Tersedia'): its answer is read by a FetcherAnswer that stays on the page.
   */
  fetcherKey?: string;
  /** Empties the form after a success (a form that adds something new each time). */
  resetOnSuccess?: boolean;
  children: ReactNode;
  className?: string;
  confirm?: ConfirmText;
  /** Called once per answer (e.g. to offer 'Urungkan' after a line was removed). */
  onAnswer?: (answer: StaffAnswer) => void;
  answerClassName?: string;
}) {
  const fetcher = useFetcher<StaffAnswer>(fetcherKey ? { key: fetcherKey } : undefined);
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const [asking, setAsking] = useState(false);
  const busy = fetcher.state !== "idle";
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const reported = useRef<StaffAnswer | undefined>(undefined);
  useEffect(() => {
    if (answer && reported.current !== answer) {
      reported.current = answer;
      if (answer.ok && resetOnSuccess) formRef.current?.reset();
      onAnswer?.(answer);
    }
  }, [answer, onAnswer, resetOnSuccess]);
  return (
    <FormBusyContext.Provider value={busy}>
      <fetcher.Form
        ref={formRef}
        method="post"
        encType={encType}
        className={className}
        noValidate
        onSubmit={
          confirm && hydrated
            ? (event) => {
                event.preventDefault();
                setAsking(true);
              }
            : undefined
        }
      >
        {children}
        {answer && !fetcherKey ? <AnswerNote answer={answer} className={answerClassName} /> : null}
      </fetcher.Form>
      {confirm ? (
        <Dialog open={asking} onOpenChange={setAsking}>
          <DialogContent title={confirm.title} description={confirm.description}>
            <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="outline" className="min-h-11" onClick={() => setAsking(false)}>
                Batal
              </Button>
              <Button
                className="min-h-11"
                onClick={() => {
                  setAsking(false);
                  if (formRef.current) void fetcher.submit(formRef.current);
                }}
              >
                {confirm.confirmLabel}
              </Button>
            </div>
          </DialogContent>
        </Dialog>
      ) : null}
    </FormBusyContext.Provider>
  );
}

function AnswerNote({ answer, className }: { answer: StaffAnswer; className?: string }) {
  return (
    <p
      role={answer.ok ? "status" : "alert"}
      className={cn(
        "mt-2 basis-full rounded-lg px-3 py-2 text-sm",
        answer.ok ? "bg-green-50 text-green-900" : "bg-red-50 text-red-900",
        className,
      )}
    >
      {answer.message}
    </p>
  );
}

/** The answer of a keyed StaffOrderForm, shown where it stays on the page after the form is gone. */
export function FetcherAnswer({ fetcherKey, className }: { fetcherKey: string; className?: string }) {
  const fetcher = useFetcher<StaffAnswer>({ key: fetcherKey });
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  return answer ? <AnswerNote answer={answer} className={className} /> : null;
}
