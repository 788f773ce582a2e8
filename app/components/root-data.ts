// The shop identity and the signed-in user, for any component or route. Here rather than in
// root.tsx so components never import the root route (lint refuses that import).
import { useRouteLoaderData } from "react-router";
import { defaultShop as FALLBACK_SHOP, type ShopIdentity } from "~/lib/shop";
import { useVisitor, type Visitor } from "./visitor-provider";

/** What the root loader sends (root.tsx declares its loader with this type). */
export type RootData = { shop: ShopIdentity };

export type RootUser = Visitor;

/**
 * The shop identity and the signed-in user. The user is known on the client only (null in
 * the server's HTML and until /api/visitor answers): server-rendered pages never depend on
 * who asks.
 */
export function useRootData(): { user: RootUser; shop: ShopIdentity } {
  const data = useRouteLoaderData("root") as RootData | undefined;
  const { user } = useVisitor();
  return { user, shop: data?.shop ?? FALLBACK_SHOP };
}
