import { Input, InputGroup, type InputGroupProps } from "@chakra-ui/react";
import { LuSearch } from "react-icons/lu";

export interface SearchInputProps extends Omit<InputGroupProps, "children" | "onChange"> {
  value: string;
  /** Names the box and shows as its placeholder. */
  label: string;
  onChange: (search: string) => void;
}

/** A list's search box with its magnifier; the list usually goes back to its first page on a change. */
export function SearchInput({ value, label, onChange, ...group }: SearchInputProps) {
  return (
    <InputGroup startElement={<LuSearch aria-hidden />} {...group}>
      <Input type="search" value={value} placeholder={label} aria-label={label} onChange={(event) => onChange(event.target.value)} />
    </InputGroup>
  );
}
