import { useSyncExternalStore, type ComponentType } from "react";

/**
 * Where the toast region mounts once the toaster module has loaded. Only screens that show toasts
 * import that module (and Chakra's toast machinery with it), so the sign-in page never loads it, yet
 * the region is mounted before any of those screens can create a toast.
 */
let loadedToaster: ComponentType | null = null;
const listeners = new Set<() => void>();

export function announceToaster(component: ComponentType): void {
  loadedToaster = component;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useLoadedToaster(): ComponentType | null {
  return useSyncExternalStore(subscribe, () => loadedToaster, () => null);
}
