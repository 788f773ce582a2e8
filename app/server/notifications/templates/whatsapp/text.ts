// Body parameters and filled-in bodies of the WhatsApp templates.

/** A body parameter as the Cloud API takes it: one line, no tabs, no runs of spaces, at most 1000 characters. */
export function param(text: string): string {
  return text.replace(/\s+/g, " ").trim().slice(0, 1000) || "-";
}

/** The template's body with its parameters filled in: what the customer reads. */
export function fillTemplate(body: string, params: readonly string[]): string {
  return body.replace(/\{\{(\d+)\}\}/g, (whole, n: string) => params[Number(n) - 1] ?? whole);
}
