/** The outcome of checking a form: the clean value, or one pt-BR message per field that is wrong. */
export type Checked<T, F extends string> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly errors: Partial<Record<F, string>> }

/** Collects field errors; `done` gives the clean value only when none was added. */
export function fieldErrors<F extends string>() {
  const errors: Partial<Record<F, string>> = {}
  return {
    add(field: F, message: string) {
      errors[field] ??= message
    },
    done<T>(value: () => T): Checked<T, F> {
      return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, value: value() }
    },
  }
}

export const isIntIn = (n: unknown, min: number, max: number): n is number =>
  typeof n === "number" && Number.isInteger(n) && n >= min && n <= max
