import type { ReactNode } from "react"

const controlClass = "min-h-11 w-full rounded-xl border border-theme bg-[var(--surface)] px-3"

/** One labelled select of an admin list's filter form; `all` (default "Todos") is the no-filter option. */
export function FilterSelect({
  id,
  name,
  label,
  value,
  all = "Todos",
  children,
}: {
  id: string
  name: string
  label: string
  value: string | undefined
  /** null: every option is a real value (e.g. the sort order). */
  all?: string | null
  children: ReactNode
}) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      <select id={id} name={name} defaultValue={value ?? ""} className={controlClass}>
        {all !== null && <option value="">{all}</option>}
        {children}
      </select>
    </div>
  )
}

/** One labelled day ("YYYY-MM-DD") of an admin list's filter form. */
export function FilterDate({
  id,
  name,
  label,
  value,
}: {
  id: string
  name: string
  label: string
  value: string | undefined
}) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      <input id={id} name={name} type="date" defaultValue={value ?? ""} className={controlClass} />
    </div>
  )
}
