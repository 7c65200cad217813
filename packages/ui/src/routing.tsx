import { Flex, Spinner } from "@chakra-ui/react";
import { Suspense, lazy, type ComponentProps, type ComponentType, type LazyExoticComponent, type ReactNode } from "react";
import { loadNamespaces } from "./i18n/setup";
import type { Namespace } from "./i18n/namespaces";

export interface LazyScreenOptions {
  /** The translation namespaces the screen uses; they load beside its code. */
  namespaces?: readonly Namespace[];
  /**
   * The screen renders with the entry's Chakra system (the sign-in page's recipes), so the full system
   * need not load with it. Default false: the screen renders in the full system, loaded (once) with it.
   */
  firstRoute?: boolean;
}

/** React.lazy for a named export, so each screen becomes its own chunk, with its texts and Chakra system. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any props: each screen keeps its own prop types
type AnyComponent = ComponentType<any>;

export function lazyNamed<Module extends Record<Name, AnyComponent>, Name extends string>(
  load: () => Promise<Module>,
  name: Name,
  { namespaces = [], firstRoute = false }: LazyScreenOptions = {},
): LazyExoticComponent<ComponentType<ComponentProps<Module[Name]>>> {
  return lazy(async () => {
    const [module, withFullSystem] = await Promise.all([
      load(),
      firstRoute ? undefined : import("./theme/fullSystem").then((theme) => theme.withFullSystem),
      loadNamespaces(namespaces),
    ]);
    const Screen: ComponentType<ComponentProps<Module[Name]>> = module[name];
    return { default: withFullSystem ? withFullSystem(Screen) : Screen };
  });
}

/** Shown while a route's code or the first guard check loads. */
export function PageLoader() {
  return (
    <Flex minH="60vh" align="center" justify="center" role="status" aria-live="polite">
      <Spinner size="xl" color="colorPalette.solid" />
    </Flex>
  );
}

export function LazyBoundary({ children }: { children: ReactNode }) {
  return <Suspense fallback={<PageLoader />}>{children}</Suspense>;
}
