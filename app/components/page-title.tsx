// The document title of an error view, where no `meta` runs: the same "title | Shop name"
// as every page's (pageTitle), with the configured shop name when the root loader answered.
import { useMatches } from "react-router";
import { pageTitle, shopNameFrom } from "~/lib/seo";

export function PageTitle({ title }: { title: string }) {
  return <title>{pageTitle(title, shopNameFrom(useMatches()))}</title>;
}
