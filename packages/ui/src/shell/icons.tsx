import type { IconType } from "react-icons";
import {
  LuBookOpen,
  LuBot,
  LuBuilding2,
  LuCode,
  LuCreditCard,
  LuDatabase,
  LuDot,
  LuFileText,
  LuFlaskConical,
  LuLayoutDashboard,
  LuLink,
  LuMessagesSquare,
  LuPalette,
  LuReceipt,
  LuSettings,
  LuSparkles,
  LuUser,
  LuUserPlus,
  LuUsers,
} from "react-icons/lu";
import type { NavIconName } from "../navigation/menu";

export const navIcons: Record<NavIconName, IconType> = {
  dashboard: LuLayoutDashboard,
  customers: LuBuilding2,
  leads: LuUserPlus,
  users: LuUsers,
  settings: LuSettings,
  data: LuDatabase,
  conversations: LuMessagesSquare,
  knowledge: LuBookOpen,
  design: LuPalette,
  test: LuFlaskConical,
  embed: LuCode,
  premium: LuSparkles,
  dot: LuDot,
};

// The global search names react-icons (`LuBookOpen`); only these are bundled, others get a page icon.
const searchIcons: Record<string, IconType> = {
  LuBookOpen,
  LuBot,
  LuBuilding2,
  LuCode,
  LuCreditCard,
  LuDatabase,
  LuFileText,
  LuFlaskConical,
  LuLayoutDashboard,
  LuLink,
  LuMessagesSquare,
  LuPalette,
  LuReceipt,
  LuSettings,
  LuSparkles,
  LuUser,
  LuUserPlus,
  LuUsers,
};

export function searchIcon(name: string): IconType {
  return searchIcons[name] ?? LuFileText;
}
