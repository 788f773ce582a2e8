// A submit button that says 'Memproses...' and is disabled while its own form is being sent.
import { useNavigation } from "react-router";
import { Button, type ButtonProps } from "~/components/ui/button";

export function SubmitButton({
  intent,
  busy,
  pendingText = "Memproses...",
  children,
  disabled,
  ...props
}: ButtonProps & { intent?: string; busy?: boolean; pendingText?: string }) {
  const navigation = useNavigation();
  const submitting =
    busy ??
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
