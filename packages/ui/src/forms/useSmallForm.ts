import { useRef, useState, type ChangeEvent, type FormEvent } from "react";

type Messages<Values> = Partial<Record<keyof Values & string, string>>;

export interface SmallFormHelpers {
  setFieldError: (field: string, message: string | undefined) => void;
  setFieldTouched: (field: string, isTouched?: boolean, shouldValidate?: boolean) => Promise<void>;
}

export interface SmallFormOptions<Values extends Record<string, string>> {
  initialValues: Values;
  /** Field messages, empty when valid (may load its rules on first use). */
  validate: (values: Values) => Promise<Messages<Values>>;
  onSubmit: (values: Values, helpers: SmallFormHelpers) => Promise<void>;
}

/**
 * Formik's behaviour for a form of a few text inputs — checks on every change and blur, messages only
 * for touched fields, every field touched on submit, nothing sent while invalid — without loading
 * formik (and its lodash) on the sign-in page, the first route of both portals. The helpers have
 * formik's shape, so applyFieldErrors puts the server's field messages on them.
 */
export function useSmallForm<Values extends Record<string, string>>({ initialValues, validate, onSubmit }: SmallFormOptions<Values>) {
  const [values, setValues] = useState(initialValues);
  const [touched, setTouched] = useState<Partial<Record<keyof Values & string, boolean>>>({});
  const [errors, setErrors] = useState<Messages<Values>>({});
  const [isSubmitting, setSubmitting] = useState(false);
  const latestValues = useRef(initialValues);
  const latestCheck = useRef(0);

  const check = async (checked: Values): Promise<Messages<Values>> => {
    const run = ++latestCheck.current;
    const found = await validate(checked);
    // An answer for values that have changed since is stale.
    if (run === latestCheck.current) setErrors(found);
    return found;
  };

  const helpers: SmallFormHelpers = {
    setFieldError: (field, message) => setErrors((current) => ({ ...current, [field]: message })),
    setFieldTouched: (field, isTouched = true) => {
      setTouched((current) => ({ ...current, [field]: isTouched }));
      return Promise.resolve();
    },
  };

  const field = (name: keyof Values & string) => ({
    name,
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const next = { ...latestValues.current, [name]: event.target.value };
      latestValues.current = next;
      setValues(next);
      void check(next);
    },
    onBlur: () => {
      setTouched((current) => ({ ...current, [name]: true }));
      void check(latestValues.current);
    },
  });

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const submitted = latestValues.current;
    setTouched(Object.fromEntries(Object.keys(submitted).map((name) => [name, true])) as Partial<Record<keyof Values & string, boolean>>);
    setSubmitting(true);
    try {
      const found = await check(submitted);
      if (Object.values(found).some(Boolean)) return;
      await onSubmit(submitted, helpers);
    } finally {
      setSubmitting(false);
    }
  };

  /** The message of a touched field. */
  const errorOf = (name: keyof Values & string): string | undefined => (touched[name] ? errors[name] : undefined);

  return { values, field, errorOf, handleSubmit, isSubmitting };
}
