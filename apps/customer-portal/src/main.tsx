import { bootPortal } from "@parley/ui";
import { buildRoutes } from "./routes";

void bootPortal({ portal: "customer", basename: "/", buildRoutes });
