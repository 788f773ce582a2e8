// Who is looking, on the client only. The server renders every catalog page the same for
// everyone (so it can be cached publicly); the account menu and other visitor-dependent parts
// are filled in here from GET /api/visitor after hydration, and again after every form post
// (signing in or out changes the answer). A failed request (offline, server away) keeps what
// was known: the frame never breaks over it.
import { userRole, type UserRole } from "~/lib/roles";
import { createContext, startTransition, useContext, useEffect, useRef, useState, type ReactNode } from "react";
import { useNavigation } from "react-router";

export type Visitor = { email: string; name: string; role: UserRole } | null;

type VisitorState = {
  user: Visitor;
  /** False until the server has answered: until then the frame shows the signed-out state. */
  known: boolean;
};

const VisitorContext = createContext<VisitorState>({ user: null, known: false });

export const VISITOR_ENDPOINT = "/api/visitor";

export function VisitorProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<VisitorState>({ user: null, known: false });
  const navigation = useNavigation();
  const posting =
    navigation.state !== "idle" && !!navigation.formMethod && navigation.formMethod.toUpperCase() !== "GET";
  const [round, setRound] = useState(0);
  const wasPosting = useRef(false);
  useEffect(() => {
    if (wasPosting.current && !posting) setRound((r) => r + 1);
    wasPosting.current = posting;
  }, [posting]);

  useEffect(() => {
    const controller = new AbortController();
    fetch(VISITOR_ENDPOINT, { credentials: "same-origin", cache: "no-store", signal: controller.signal })
      .then((response) => (response.ok ? response.json() : Promise.reject(new Error(String(response.status)))))
      // A transition, like the cart's restore: the header and every card's heart re-render in
      // slices React can pause rather than in one long task after hydration.
      .then((body: unknown) => startTransition(() => setState({ user: readVisitor(body), known: true })))
      .catch(() => {
        // Offline or the server is away: keep what was known.
      });
    return () => controller.abort();
  }, [round]);

  return <VisitorContext.Provider value={state}>{children}</VisitorContext.Provider>;
}

/** Only a well-formed answer counts; anything else is a signed-out visitor. */
export function readVisitor(body: unknown): Visitor {
  if (!body || typeof body !== "object" || !("user" in body)) return null;
  const user = (body as { user: unknown }).user;
  if (!user || typeof user !== "object") return null;
  const { email, name, role } = user as Record<string, unknown>;
  if (typeof email !== "string" || typeof name !== "string") return null;
  return { email, name, role: userRole(role) };
}

export function useVisitor(): VisitorState {
  return useContext(VisitorContext);
}
