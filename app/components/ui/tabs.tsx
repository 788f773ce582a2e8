// Tabs after the WAI-ARIA tabs pattern (tablist, tab, tabpanel; one Tab stop for the list,
// arrow keys, Home and End move and select; the panel is focusable), written here instead of
// on Radix: Radix Tabs (roving focus, collection, presence) was about 10 kB of compressed
// script on the product page for three tabs, most of its first-load budget.
import { createContext, useContext, useId, useRef, useState, type ComponentProps, type KeyboardEvent } from "react";
import { cn } from "~/lib/utils";

type TabsState = { baseId: string; value: string; select: (value: string) => void };

const TabsContext = createContext<TabsState | null>(null);

function useTabs(): TabsState {
  const state = useContext(TabsContext);
  if (!state) throw new Error("Tabs parts must be inside <Tabs>");
  return state;
}

/** A tab's and its panel's ids; values are the code's own slugs, so they are safe in an id. */
function ids(baseId: string, value: string) {
  return { tab: `${baseId}-tab-${value}`, panel: `${baseId}-panel-${value}` };
}

export function Tabs({
  defaultValue,
  className,
  children,
  ...props
}: { defaultValue: string } & Omit<ComponentProps<"div">, "defaultValue">) {
  const [value, select] = useState(defaultValue);
  const baseId = useId();
  return (
    <TabsContext value={{ baseId, value, select }}>
      <div className={className} {...props}>
        {children}
      </div>
    </TabsContext>
  );
}

export function TabsList({ className, ...props }: ComponentProps<"div">) {
  const ref = useRef<HTMLDivElement>(null);
  const { select } = useTabs();
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const tabs = [...(ref.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]') ?? [])];
    const current = tabs.indexOf(document.activeElement as HTMLButtonElement);
    if (current < 0) return;
    const next = {
      ArrowRight: (current + 1) % tabs.length,
      ArrowLeft: (current - 1 + tabs.length) % tabs.length,
      Home: 0,
      End: tabs.length - 1,
    }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    tabs[next].focus();
    select(tabs[next].dataset.value ?? "");
  }
  return (
    <div
      ref={ref}
      role="tablist"
      aria-orientation="horizontal"
      onKeyDown={onKeyDown}
      className={cn("inline-flex gap-1 rounded-xl bg-stone-100 p-1", className)}
      {...props}
    />
  );
}

export function TabsTrigger({ value, className, ...props }: { value: string } & ComponentProps<"button">) {
  const tabs = useTabs();
  const selected = tabs.value === value;
  const id = ids(tabs.baseId, value);
  return (
    <button
      type="button"
      role="tab"
      id={id.tab}
      aria-selected={selected}
      aria-controls={id.panel}
      tabIndex={selected ? 0 : -1}
      data-state={selected ? "active" : "inactive"}
      data-value={value}
      onClick={() => tabs.select(value)}
      className={cn(
        "min-h-10 rounded-lg px-3 text-sm font-semibold text-stone-700 data-[state=active]:bg-white data-[state=active]:text-brand-800 data-[state=active]:shadow-sm",
        className,
      )}
      {...props}
    />
  );
}

/** Only the selected panel is rendered, as with Radix; the others' text is not in the HTML either. */
export function TabsContent({ value, className, ...props }: { value: string } & ComponentProps<"div">) {
  const tabs = useTabs();
  if (tabs.value !== value) return null;
  const id = ids(tabs.baseId, value);
  return (
    <div
      role="tabpanel"
      id={id.panel}
      aria-labelledby={id.tab}
      tabIndex={0}
      data-state="active"
      className={cn("mt-4 focus:outline-none", className)}
      {...props}
    />
  );
}
