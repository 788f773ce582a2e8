// The account menu (Radix DropdownMenu with its positioning engine) only matters to a signed-in
// shopper, so its code loads on its own instead of in every visitor's first download. Until it
// arrives, the server-rendered menu button stays as it is.
import { lazy, Suspense, type ComponentProps } from "react";
import type { AccountMenu as EagerAccountMenu } from "./account-menu";

const Menu = lazy(() => import("./account-menu").then((m) => ({ default: m.AccountMenu })));

export function AccountMenu(props: ComponentProps<typeof EagerAccountMenu>) {
  return (
    <Suspense fallback={props.trigger}>
      <Menu {...props} />
    </Suspense>
  );
}
