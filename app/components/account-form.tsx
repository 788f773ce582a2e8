// Pieces shared by the account screens (login, register, password reset, profile, admin
// login): the card they sit in, the password field with its show/hide toggle and inline
// notices.
import { useCallback, useEffect, useState, useSyncExternalStore, type ReactNode } from "react";
import { useNavigate, useNavigation } from "react-router";
import { AlertCircle, CheckCircle2, Eye, EyeOff, Info } from "lucide-react";
import { cn } from "~/lib/utils";
import { Input } from "./ui/field";

const subscribeNothing = () => () => {};

/** False in the server render and before hydration, true once React runs in the browser. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
}

/** True while this page's own form is being sent. */
export function useSubmitting(): boolean {
  const navigation = useNavigation();
  return navigation.state === "submitting" || (navigation.state === "loading" && navigation.formMethod != null);
}

/**
 * navigate() that waits until the router is idle. Moving on while the loaders are still
 * revalidating after an action aborts their requests, and React Router 7.18 lets those
 * aborts escape as unhandled promise rejections.
 */
type IdleNavigateOptions = { replace?: boolean; preventScrollReset?: boolean };

export function useNavigateWhenIdle(): (to: string, options?: IdleNavigateOptions) => void {
  const navigate = useNavigate();
  const { state } = useNavigation();
  const [pending, setPending] = useState<({ to: string } & IdleNavigateOptions) | null>(null);
  useEffect(() => {
    if (!pending || state !== "idle") return;
    setPending(null);
    const { to, ...options } = pending;
    Promise.resolve(navigate(to, options)).catch(() => {});
  }, [pending, state, navigate]);
  return useCallback((to: string, options: IdleNavigateOptions = {}) => setPending({ to, ...options }), []);
}

export function AuthCard({
  title,
  subtitle,
  icon,
  children,
  footer,
  className,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  icon?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn("mx-auto w-full max-w-md px-4 pt-6 pb-24 md:pt-12 md:pb-16", className)}>
      <div className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm md:p-8">
        <div className="mb-6 text-center">
          {icon ? (
            <div className="mx-auto mb-3 flex h-12 w-12 items-center justify-center rounded-full bg-brand-100 text-brand-800">
              {icon}
            </div>
          ) : null}
          <h1 className="text-2xl font-bold text-stone-900">{title}</h1>
          {subtitle ? <p className="mt-1 text-sm text-stone-700">{subtitle}</p> : null}
        </div>
        {children}
      </div>
      {footer ? <div className="mt-6 text-center text-sm text-stone-700">{footer}</div> : null}
    </div>
  );
}

export function PasswordInput({
  id,
  name,
  autoComplete,
  ...props
}: React.InputHTMLAttributes<HTMLInputElement> & { id: string; name: string }) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <Input
        id={id}
        name={name}
        type={visible ? "text" : "password"}
        autoComplete={autoComplete}
        className="pr-12"
        {...props}
      />
      <button
        type="button"
        onClick={() => setVisible((v) => !v)}
        aria-label={visible ? "Sembunyikan password" : "Tampilkan password"}
        aria-controls={id}
        aria-pressed={visible}
        className="absolute inset-y-0 right-0 flex w-12 items-center justify-center rounded-r-lg text-stone-600 hover:text-stone-900"
      >
        {visible ? <EyeOff className="h-5 w-5" aria-hidden="true" /> : <Eye className="h-5 w-5" aria-hidden="true" />}
      </button>
    </div>
  );
}

const noticeTone = {
  error: { box: "border-red-200 bg-red-50 text-red-900", Icon: AlertCircle },
  success: { box: "border-brand-200 bg-brand-50 text-brand-900", Icon: CheckCircle2 },
  info: { box: "border-sky-200 bg-sky-50 text-sky-950", Icon: Info },
};

/** A message above a form: errors are announced, other notices are polite. */
export function Notice({
  tone = "info",
  title,
  children,
  className,
}: {
  tone?: keyof typeof noticeTone;
  title?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const { box, Icon } = noticeTone[tone];
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      className={cn("flex gap-3 rounded-xl border p-3 text-sm", box, className)}
    >
      <Icon className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
      <div>
        {title ? <p className="font-semibold">{title}</p> : null}
        <div>{children}</div>
      </div>
    </div>
  );
}
