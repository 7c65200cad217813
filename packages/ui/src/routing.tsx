import { Flex, Spinner } from "@chakra-ui/react";
import { Suspense, lazy, type ComponentType, type LazyExoticComponent, type ReactNode } from "react";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any props: each screen keeps its own prop types
type AnyComponent = ComponentType<any>;
type ComponentOf<T> = T extends ComponentType<infer Props> ? ComponentType<Props> : never;

export interface LazyNamedOptions {
  /**
   * The screen renders only with the sign-in page's Chakra slot recipes (theme/system.ts), so the other
   * recipes need not load with it. Default false: the other recipes load (once) with the screen.
   */
  firstRouteRecipesOnly?: boolean;
}

const loadMoreSlotRecipes = async () => (await import("./theme/moreSlotRecipes")).registerMoreSlotRecipes();

/** React.lazy for a named export, so each screen becomes its own chunk. */
export function lazyNamed<Module extends object, Name extends keyof Module>(
  load: () => Promise<Module>,
  name: Name,
  { firstRouteRecipesOnly = false }: LazyNamedOptions = {},
): LazyExoticComponent<ComponentOf<Module[Name]>> {
  return lazy(async () => {
    const [module] = await Promise.all([load(), firstRouteRecipesOnly ? undefined : loadMoreSlotRecipes()]);
    return { default: module[name] as unknown as AnyComponent };
  }) as unknown as LazyExoticComponent<ComponentOf<Module[Name]>>;
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
