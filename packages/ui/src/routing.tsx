import { Flex, Spinner } from "@chakra-ui/react";
import { Suspense, lazy, type ComponentType, type LazyExoticComponent, type ReactNode } from "react";

/** React.lazy for a named export, so each screen becomes its own chunk. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any props: each screen keeps its own prop types
export function lazyNamed<Name extends string, Component extends ComponentType<any>>(
  load: () => Promise<Record<Name, Component>>,
  name: Name,
): LazyExoticComponent<Component> {
  return lazy(async () => ({ default: (await load())[name] }));
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
