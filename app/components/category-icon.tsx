// A picture for each of the shop's categories; any other category gets a basket.
import { Beef, Carrot, Flame, Leaf, ShoppingBasket, Wheat, type LucideIcon } from "lucide-react";

const ICONS: Record<string, { icon: LucideIcon; tone: string }> = {
  "sayur-daun": { icon: Leaf, tone: "bg-brand-100 text-brand-800" },
  "sayur-buah": { icon: Carrot, tone: "bg-orange-100 text-orange-800" },
  bumbu: { icon: Flame, tone: "bg-red-100 text-red-800" },
  daging: { icon: Beef, tone: "bg-rose-100 text-rose-800" },
  "bahan-pokok": { icon: Wheat, tone: "bg-amber-100 text-amber-800" },
};

export function CategoryIcon({ slug, className }: { slug: string; className?: string }) {
  const { icon: Icon, tone } = ICONS[slug] ?? { icon: ShoppingBasket, tone: "bg-stone-100 text-stone-800" };
  return (
    <span className={`flex shrink-0 items-center justify-center rounded-2xl ${tone} ${className ?? "h-14 w-14"}`}>
      <Icon className="h-7 w-7" aria-hidden="true" />
    </span>
  );
}
