import { bootPortal } from "@parley/ui";
import { buildRoutes } from "./routes";

void bootPortal({ portal: "admin", basename: "/admin", buildRoutes, brand: "Parley Admin" });
