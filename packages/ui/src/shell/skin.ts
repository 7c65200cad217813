import type { SystemStyleObject } from "@chakra-ui/react";
import type { Skin } from "../preferences/store";

/** How cards and bars look in each skin of the interface preferences. */
export function skinSurface(skin: Skin): SystemStyleObject {
  switch (skin) {
    case "classic":
      return { bg: "bg.panel", boxShadow: "sm", borderRadius: "md" };
    case "modern":
      return { bg: "bg.panel", boxShadow: "lg", borderRadius: "2xl" };
    case "decent":
      return { bg: "bg.subtle", boxShadow: "none", borderRadius: "md" };
    case "bordered":
      return { bg: "bg.panel", boxShadow: "none", borderWidth: "1px", borderColor: "border", borderRadius: "md" };
  }
}
