// Fields filled before the page's scripts took over. The boot script (defer-hydration.server.ts)
// notes each field a visitor types into or chooses in while the scripts are held back; a
// controlled field would otherwise show its first state again at the next render (the area
// chosen at checkout back to "Pilih area", the notes emptied, 'Pesan Sekarang' disabled).
// Once hydrated, each noted field gets its value back and React hears it as the visitor's own
// change, so the page's state is what the visitor sees. Uncontrolled fields keep what was
// typed anyway; setting it again changes nothing.

type Noted = { value: string; checked: boolean };

declare global {
  interface Window {
    __typedBeforeHydration?: Map<Element, Noted>;
  }
}

/** Sets a text field's value behind React's back, so the input event below reads as a change. */
function giveBackText(field: HTMLInputElement | HTMLTextAreaElement, value: string) {
  const proto = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  const setNative = Object.getOwnPropertyDescriptor(proto, "value")?.set;
  if (!setNative) return;
  // React remembers the last value it saw through the element's own setter; one that differs
  // from what was typed makes it take the input event as the visitor's change.
  field.value = value === "" ? "\u200b" : "";
  setNative.call(field, value);
  field.dispatchEvent(new Event("input", { bubbles: true }));
}

function giveBack(field: Element, noted: Noted) {
  if (field instanceof HTMLSelectElement) {
    field.value = noted.value;
    field.dispatchEvent(new Event("change", { bubbles: true }));
    return;
  }
  if (field instanceof HTMLInputElement && (field.type === "checkbox" || field.type === "radio")) {
    // A radio group is given back through the one chosen.
    if (field.type === "radio" && !noted.checked) return;
    // The opposite state first, so the click (React's change event for these) lands on the noted one.
    field.checked = !noted.checked;
    field.click();
    return;
  }
  if (field instanceof HTMLInputElement && field.type === "file") return;
  if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) giveBackText(field, noted.value);
}

/** Hands every field noted before hydration back to the page; call once, right after hydration. */
export function restoreTypedBeforeHydration(): void {
  const noted = window.__typedBeforeHydration;
  if (!noted) return;
  window.__typedBeforeHydration = undefined;
  // A copy: the events fired below are noted again by the boot script until the page is marked hydrated.
  const fields = [...noted];
  noted.clear();
  for (const [field, state] of fields) if (field.isConnected) giveBack(field, state);
}
