import type { ReactNode } from "react"

const selectClass = "min-h-11 w-full rounded-xl border border-theme bg-[var(--surface)] px-3"

/** One labelled filter of an admin list, "Todos" first (no filter); its options are the children. */
export function FilterSelect({
  id,
  name,
  label,
  value,
  children,
}: {
  id: string
  name: string
  label: string
  value: string | undefined
  children: ReactNode
}) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      <select id={id} name={name} defaultValue={value ?? ""} className={selectClass}>
        <option value="">Todos</option>
        {children}
      </select>
    </div>
  )
}
