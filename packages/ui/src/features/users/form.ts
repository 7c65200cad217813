/** The user form's values, as the inputs hold them, and what is sent. */
import type { UserStatus } from "@parley/domain/validation/user";
import type { Role } from "@parley/domain/roles";
import type { UserInput, UserListEntry } from "./hooks";

export interface UserFormValues {
  id: string | null;
  firstname: string;
  lastname: string;
  email: string;
  /** Empty keeps the current password of an existing user. */
  password: string;
  role: Role | "";
  customerId: string;
  status: UserStatus;
  forceRefreshPassword: boolean;
}

export function toUserFormValues(user: UserListEntry | null): UserFormValues {
  return {
    id: user?.id ?? null,
    firstname: user?.firstname ?? "",
    lastname: user?.lastname ?? "",
    email: user?.email ?? "",
    password: "",
    role: user?.role ?? "",
    customerId: user?.customerId ?? "",
    status: user?.status ?? "active",
    forceRefreshPassword: user?.forceRefreshPassword ?? false,
  };
}

/** The sign-in name is the e-mail address; admins belong to no customer; an empty password is left out. */
export function toUserInput(values: UserFormValues): UserInput {
  const email = values.email.trim();
  const role = values.role as Role;
  return {
    ...(values.id ? { id: values.id } : {}),
    firstname: values.firstname.trim(),
    lastname: values.lastname.trim(),
    email,
    username: email,
    role,
    customerId: role === "admin" || values.customerId === "" ? null : values.customerId,
    status: values.status,
    forceRefreshPassword: values.forceRefreshPassword,
    ...(values.password ? { password: values.password } : {}),
  };
}
