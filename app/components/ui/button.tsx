// Button in the shop's variants (default, destructive, outline, secondary, ghost, link)
// and sizes (default, sm, lg, icon). Also styles links through `buttonClass`.
import type { ButtonHTMLAttributes } from "react";
import { cn } from "~/lib/utils";

export type ButtonVariant = "default" | "destructive" | "outline" | "secondary" | "ghost" | "link";
export type ButtonSize = "default" | "sm" | "lg" | "icon";

const variants: Record<ButtonVariant, string> = {
  default: "bg-brand-700 text-white hover:bg-brand-800 shadow-sm",
  destructive: "bg-red-700 text-white hover:bg-red-800 shadow-sm",
  outline: "border border-stone-300 bg-white text-stone-900 hover:bg-stone-100",
  secondary: "bg-brand-100 text-brand-900 hover:bg-brand-200",
  ghost: "text-stone-800 hover:bg-stone-100",
  link: "text-brand-800 underline-offset-4 hover:underline",
};

const sizes: Record<ButtonSize, string> = {
  default: "h-11 px-4 text-sm",
  sm: "h-9 px-3 text-sm",
  lg: "h-12 px-6 text-base",
  icon: "h-11 w-11",
};

export function buttonClass({
  variant = "default",
  size = "default",
  className,
}: { variant?: ButtonVariant; size?: ButtonSize; className?: string } = {}) {
  // `.btn` (app.css, components layer) holds the shared base; utilities passed in still win over it.
  return cn("btn", variants[variant], sizes[size], className);
}

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant; size?: ButtonSize };

export function Button({ variant, size, className, type = "button", ...props }: ButtonProps) {
  return <button data-slot="button" type={type} className={buttonClass({ variant, size, className })} {...props} />;
}
