// The one function every lucide icon module calls, in place of lucide's own (the build points
// the icons at this file: see `lightIcons` in vite.config.ts). Lucide's version reads a context,
// merges classes, scales stroke widths and maps attribute names on every render, about 2 kB
// (brotli) every page loaded before it could run; the shop passes icons a class name and now
// and then an aria label, so the icon is the same `<svg>` drawn directly.
import { createElement, type ReactNode, type Ref, type SVGProps } from "react";

type IconNode = [tag: string, attributes: Record<string, string>][];
type IconData = { name: string; node: IconNode };
type IconProps = SVGProps<SVGSVGElement> & {
  size?: number | string;
  ref?: Ref<SVGSVGElement>;
  children?: ReactNode;
};

export default function createLucideIcon(data: IconData) {
  function LucideIcon({ size = 24, color = "currentColor", strokeWidth = 2, className, children, ...rest }: IconProps) {
    // Decorative unless the caller names it, as lucide does.
    const named =
      children != null || Object.keys(rest).some((key) => key.startsWith("aria-") || key === "role" || key === "title");
    return createElement(
      "svg",
      {
        xmlns: "http://www.w3.org/2000/svg",
        width: size,
        height: size,
        viewBox: "0 0 24 24",
        fill: "none",
        stroke: color,
        strokeWidth,
        strokeLinecap: "round",
        strokeLinejoin: "round",
        className: className ? `lucide lucide-${data.name} ${className}` : `lucide lucide-${data.name}`,
        ...(named ? {} : { "aria-hidden": "true" }),
        ...rest,
      },
      ...data.node.map(([tag, attributes]) => createElement(tag, attributes)),
      children,
    );
  }
  return LucideIcon;
}
