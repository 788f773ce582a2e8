// Who is looking, on the client only. The server renders every catalog page the same for
// everyone (so it can be cached publicly); the account menu and other visitor-dependent parts
// are filled in here from GET /api/visitor after hydration, and again after every form post
// (signing in or out changes the answer). A failed request (offline, server away) keeps what
// was known: the frame never breaks over it.
import { userRole, type UserRole } from "~/lib/roles";
import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from "react";
import { useNavigation } from "react-router";

export type Visitor = { email: string; name: string; role: UserRole } | null;

type VisitorState = {
  user: Visitor;
  /** False until the server has answered: until then the frame shows the signed-out state. */
  known: boolean;
  /**
   * The visitor once the server has answered, for a press that must not act on the guess (a
   * signed-in shopper's 'Favorit' tapped before the answer is rendered belongs to the account).
   * If the answer cannot come (offline), it settles on what was known.
   */
  whenKnown: () => Promise<Visitor>;
};

const VisitorContext = createContext<VisitorState>({ user: null, known: false, whenKnown: async () => null });

export const VISITOR_ENDPOINT = "/api/visitor";

export function VisitorProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<{ user: Visitor; known: boolean }>({ user: null, known: false });
  // The answer as soon as it arrives, before the transition that shows it has rendered.
  const answer = useRef<{ settled: boolean; visitor: Visitor; waiting: ((visitor: Visitor) => void)[] }>({
    settled: false,
    visitor: null,
    waiting: [],
  });
  const settle = (visitor: Visitor) => {
    const current = answer.current;
    current.settled = true;
    current.visitor = visitor;
    for (const resolve of current.waiting.splice(0)) resolve(visitor);
  };
  const whenKnown = useCallback(
    () =>
      answer.current.settled
        ? Promise.resolve(answer.current.visitor)
        : new Promise<Visitor>((resolve) => answer.current.waiting.push(resolve)),
    [],
  );
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
    // A new round (after a form post, say a sign-in) may answer someone else: presses wait for it.
    answer.current.settled = false;
    fetch(VISITOR_ENDPOINT, { credentials: "same-origin", cache: "no-store", signal: controller.signal })
      .then((response) => (response.ok ? response.json() : Promise.reject(new Error(String(response.status)))))
      // A transition, like the cart's restore: the header and every card's heart re-render in
      // slices React can pause rather than in one long task after hydration.
      .then((body: unknown) => {
        const user = readVisitor(body);
        settle(user);
        startTransition(() => setState({ user, known: true }));
      })
      .catch(() => {
        // Offline or the server is away: keep what was known.
        if (!controller.signal.aborted) settle(answer.current.visitor);
      });
    return () => controller.abort();
  }, [round]);

  const value = useMemo(() => ({ ...state, whenKnown }), [state, whenKnown]);
  return <VisitorContext.Provider value={value}>{children}</VisitorContext.Provider>;
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
