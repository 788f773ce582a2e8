// A submit button that says 'Memproses...' and is disabled while its own form is being sent.
import { createContext, useContext } from "react";
import { useNavigation } from "react-router";
import { Button, type ButtonProps } from "~/components/ui/button";

/** Whether the form around a submit button is being sent, for a form that posts through a fetcher. */
export const FormBusyContext = createContext<boolean | undefined>(undefined);

export function SubmitButton({
  intent,
  busy,
  pendingText = "Memproses...",
  children,
  disabled,
  ...props
}: ButtonProps & { intent?: string; busy?: boolean; pendingText?: string }) {
  const navigation = useNavigation();
  // Inside a form that posts through a fetcher, that form's own state.
  const formBusy = useContext(FormBusyContext);
  const submitting =
    busy ??
    formBusy ??
    (navigation.state === "submitting" &&
      (intent === undefined || navigation.formData?.get("intent") === intent) &&
      (props.value === undefined || navigation.formData?.get(String(props.name)) === String(props.value)));
  return (
    <Button
      type="submit"
      name={intent !== undefined && props.name === undefined ? "intent" : props.name}
      value={intent !== undefined && props.value === undefined ? intent : props.value}
      disabled={disabled || submitting}
      aria-busy={submitting || undefined}
      {...props}
    >
      {submitting ? pendingText : children}
    </Button>
  );
}
