import type { PageIconName } from "@parley/domain/pages";
import type { IconType } from "react-icons";
import {
  LuBell,
  LuBookOpen,
  LuBot,
  LuBrain,
  LuBuilding2,
  LuChartLine,
  LuCode,
  LuCreditCard,
  LuDatabase,
  LuFileCheck,
  LuFileText,
  LuFlaskConical,
  LuHistory,
  LuLayoutDashboard,
  LuLink,
  LuMessagesSquare,
  LuPalette,
  LuPlug,
  LuReceipt,
  LuScrollText,
  LuSettings,
  LuShoppingCart,
  LuSparkles,
  LuUser,
  LuUserPlus,
  LuUsers,
  LuWorkflow,
} from "react-icons/lu";

/** The components of the page manifest's icon names (a name the manifest adds fails to type-check here). */
export const pageIcons: Record<PageIconName, IconType> = {
  LuLayoutDashboard,
  LuChartLine,
  LuShoppingCart,
  LuBuilding2,
  LuUserPlus,
  LuUsers,
  LuSettings,
  LuBrain,
  LuWorkflow,
  LuScrollText,
  LuPlug,
  LuDatabase,
  LuPalette,
  LuFlaskConical,
  LuBookOpen,
  LuLink,
  LuMessagesSquare,
  LuHistory,
  LuFileCheck,
  LuBot,
  LuCode,
  LuSparkles,
  LuUser,
  LuCreditCard,
  LuReceipt,
  LuBell,
};

/** The icon of a global-search hit, which names one of these; anything else gets a page icon. */
export function searchIcon(name: string): IconType {
  return Object.hasOwn(pageIcons, name) ? pageIcons[name as PageIconName] : LuFileText;
}
