import { IconButton } from "@chakra-ui/react";
import { useState, type ComponentType, type ReactNode } from "react";

export interface MenuOnDemandProps {
  /** The accessible name, the same as the real menu's trigger. */
  label: string;
  /** The trigger's icon, the same as the real menu's. */
  icon: ReactNode;
  load: () => Promise<ComponentType<{ defaultOpen?: boolean }>>;
}

/**
 * A menu button whose menu (Chakra's menu machinery, positioning and icons) loads when it is first
 * pointed at, focused or pressed, so pages that only offer it stay light. Pressing it opens the real
 * menu as soon as that has loaded; it then replaces this button.
 */
export function MenuOnDemand({ label, icon, load }: MenuOnDemandProps) {
  const [loaded, setLoaded] = useState<{ Menu: ComponentType<{ defaultOpen?: boolean }> } | null>(null);
  const [pressed, setPressed] = useState(false);
  if (loaded && pressed) return <loaded.Menu defaultOpen />;
  const prepare = () => {
    if (!loaded) void load().then((Menu) => setLoaded({ Menu }));
  };
  return (
    <IconButton
      variant="ghost"
      size="sm"
      aria-label={label}
      aria-haspopup="menu"
      aria-busy={pressed || undefined}
      onPointerEnter={prepare}
      onFocus={prepare}
      onClick={() => {
        prepare();
        setPressed(true);
      }}
    >
      {icon}
    </IconButton>
  );
}
