// Favourites on the client. Catalog pages are the same bytes for every visitor, so whether a
// product is a favourite is never in their HTML: signed in, the list comes from
// /api/favorites (private); a visitor's list lives in local storage and is handed to the
// account at sign-in (FavoritesSync in favorites-sync.tsx, mounted once in the shop's frame).
import { useCallback, useEffect, useSyncExternalStore } from "react";
import { isUuid } from "~/lib/uuid";
import { FAVORITES_STORAGE_KEY } from "./favorites-key";
import { useVisitor } from "./visitor-provider";

export const FAVORITES_ENDPOINT = "/api/favorites";
const MAX_LOCAL = 500;

/** The visitor's local list; anything odd in storage is dropped, never thrown. */
export function readLocalFavorites(): string[] {
  try {
    const list: unknown = JSON.parse(window.localStorage.getItem(FAVORITES_STORAGE_KEY) ?? "[]");
    if (!Array.isArray(list)) return [];
    return [...new Set(list.filter((x): x is string => isUuid(x)))].slice(0, MAX_LOCAL);
  } catch {
    return [];
  }
}

function writeLocalFavorites(ids: string[]) {
  try {
    if (ids.length === 0) window.localStorage.removeItem(FAVORITES_STORAGE_KEY);
    else window.localStorage.setItem(FAVORITES_STORAGE_KEY, JSON.stringify(ids.slice(0, MAX_LOCAL)));
  } catch {
    // Storage blocked: the mark still shows for this visit.
  }
}

// One shared list per page, so every 'Favorit' button and the /favorites page agree.
type State = { ids: string[]; source: "none" | "local" | "account"; account: string | null };
let state: State = { ids: [], source: "none", account: null };
const listeners = new Set<() => void>();
let loading: Promise<void> | null = null;
// Bumped by every toggle: an account list fetched before a toggle was saved is older than the
// toggle's own answer and must not overwrite it.
let changes = 0;

function setState(next: State) {
  state = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

async function post(intent: "add" | "remove" | "merge", ids: string[]): Promise<string[] | null> {
  const body = new FormData();
  body.set("intent", intent);
  for (const id of ids) body.append("productId", id);
  try {
    const response = await fetch(FAVORITES_ENDPOINT, { method: "POST", body, credentials: "same-origin" });
    if (!response.ok) return null;
    const answer = (await response.json()) as { ids?: unknown };
    return Array.isArray(answer.ids) ? answer.ids.filter((x): x is string => typeof x === "string") : null;
  } catch {
    return null;
  }
}

/** Loads the account's list once per signed-in person, first handing over the local list. */
function loadAccount(email: string) {
  if (state.account === email && (state.source === "account" || loading)) return;
  state = { ...state, account: email };
  const startedAt = changes;
  loading = (async () => {
    const local = readLocalFavorites();
    let ids: string[] | null = null;
    if (local.length > 0) {
      ids = await post("merge", local);
      if (ids) writeLocalFavorites([]);
    }
    if (!ids) {
      try {
        const response = await fetch(FAVORITES_ENDPOINT, { credentials: "same-origin", cache: "no-store" });
        const answer = (await response.json()) as { ids?: unknown };
        ids = Array.isArray(answer.ids) ? answer.ids.filter((x): x is string => typeof x === "string") : [];
      } catch {
        ids = null;
      }
    }
    if (state.account === email && ids && changes === startedAt) setState({ ids, source: "account", account: email });
    else if (state.account === email) setState({ ...state, source: "account" });
  })().finally(() => {
    loading = null;
  });
}

export type FavoritesApi = {
  ids: string[];
  /** False until the list is known (signed-in state still loading). */
  ready: boolean;
  signedIn: boolean;
  isFavorite: (productId: string) => boolean;
  /** Marks or unmarks; says whether it is now marked and whether it went to the account. */
  toggle: (productId: string) => Promise<{ marked: boolean; signedIn: boolean }>;
};

export function useFavorites(): FavoritesApi {
  const { user, known, whenKnown } = useVisitor();
  const current = useSyncExternalStore(
    subscribe,
    () => state,
    () => state,
  );

  useEffect(() => {
    if (!known) return;
    if (user) loadAccount(user.email);
    else if (state.source !== "local" || state.account !== null)
      setState({ ids: readLocalFavorites(), source: "local", account: null });
  }, [known, user]);

  const toggle = useCallback(
    async (productId: string) => {
      // A press before the server has said who is looking waits for the answer: a signed-in
      // shopper's press belongs to the account, not to this device.
      const visitor = await whenKnown();
      if (visitor) {
        // And one while the account's list is still loading waits for it, so the list that
        // arrives cannot undo the press.
        loadAccount(visitor.email);
        if (loading) await loading;
      } else if (state.source !== "local") {
        setState({ ids: readLocalFavorites(), source: "local", account: null });
      }
      changes += 1;
      const next = !state.ids.includes(productId);
      const before = state;
      const ids = next ? [productId, ...state.ids] : state.ids.filter((id) => id !== productId);
      setState({ ...state, ids });
      if (!visitor) {
        writeLocalFavorites(ids);
        return { marked: next, signedIn: false };
      }
      const saved = await post(next ? "add" : "remove", [productId]);
      if (saved) setState({ ...state, ids: saved });
      else setState(before);
      return { marked: saved ? next : !next, signedIn: true };
    },
    [whenKnown],
  );

  const ready = known && (user ? current.source === "account" : current.source === "local");
  return {
    ids: current.ids,
    ready,
    signedIn: Boolean(user),
    isFavorite: (id) => current.ids.includes(id),
    toggle,
  };
}

/** Hands the device's list to the signed-in account (favorites-sync.tsx calls it when there is one). */
export function handOverLocalFavorites(email: string) {
  if (readLocalFavorites().length > 0) loadAccount(email);
}
