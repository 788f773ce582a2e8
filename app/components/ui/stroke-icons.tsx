// The three icons every product card repeats (minus, plus, cart), drawn with the same paths
// as lucide's but without its eight default attributes per icon (`.icon-stroke` in app.css
// sets them once), the cart's long path once per page: a list page is kilobytes lighter.
type IconProps = { className?: string };

const svgProps = (className?: string) => ({
  viewBox: "0 0 24 24",
  className: className ? `icon-stroke ${className}` : "icon-stroke",
  "aria-hidden": true as const,
});

export function MinusIcon({ className }: IconProps) {
  return (
    <svg {...svgProps(className)}>
      <path d="M5 12h14" />
    </svg>
  );
}

export function PlusIcon({ className }: IconProps) {
  return (
    <svg {...svgProps(className)}>
      <path d="M5 12h14M12 5v14" />
    </svg>
  );
}

/** The cart drawn once per page (StrokeIconSymbols, in the shop frame) and referenced by each card. */
export function CartIcon({ className }: IconProps) {
  return (
    <svg {...svgProps(className)}>
      <use href="#icon-cart" />
    </svg>
  );
}

/** Shapes the icons above refer to; rendered once in the shop layout. */
export function StrokeIconSymbols() {
  return (
    <svg width="0" height="0" className="absolute" aria-hidden="true">
      <symbol id="icon-cart" viewBox="0 0 24 24">
        <path d="m2.05 2.05 1.099-.028a1 1 0 0 1 1.008.815l2.69 14.347A1 1 0 0 0 7.83 18H18M4.563 5h16.435a1 1 0 0 1 .981 1.204l-1.026 6.226A2 2 0 0 1 18.962 14H6.25" />
        <circle cx="18" cy="20" r="2" />
        <circle cx="8" cy="20" r="2" />
      </symbol>
    </svg>
  );
}
