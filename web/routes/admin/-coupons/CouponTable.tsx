import { Copy, Pencil, Power, Trash2 } from "lucide-react"
import { useState } from "react"
import {
  COUPON_STATUS_LABEL,
  type CouponStatus,
  COUPON_ADMIN_MESSAGES as M,
} from "../../../../domain/orders/couponAdmin"
import { Dialog } from "../../../components/Dialog"
import { copyCode } from "../../../lib/clipboard"
import { formatBRL, formatDate } from "../../../lib/format"
import { toast } from "../../../lib/toast"
import type { RouterOutputs, TrpcClient } from "../../../lib/trpc"
import { COUPON_RULES } from "./CouponRuleSwitches"

type Row = RouterOutputs["admin"]["coupons"]["list"]["rows"][number]

const STATUS_CLASS: Readonly<Record<CouponStatus, string>> = {
  active: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-100",
  inactive: "bg-zinc-200 text-zinc-800 dark:bg-zinc-700 dark:text-zinc-100",
  expired: "bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100",
}

const discountOf = (row: Row) =>
  row.type === "free_shipping"
    ? "Frete grátis"
    : row.type === "fixed"
      ? formatBRL(row.value)
      : `${row.value}%${row.maximumDiscount === null ? "" : ` (até ${formatBRL(row.maximumDiscount)})`}`

const validity = (row: Row) =>
  row.validUntil === null
    ? `desde ${formatDate(row.validFrom)}`
    : `${formatDate(row.validFrom)} a ${formatDate(row.validUntil)}`

/** The page of coupons with their figures and actions; `onChanged` refreshes the list (and says which was removed). */
export function CouponTable({
  rows,
  client,
  onEdit,
  onChanged,
}: {
  rows: readonly Row[]
  client: TrpcClient
  onEdit: (row: Row) => void
  onChanged: (removedId?: string) => Promise<void>
}) {
  const [busy, setBusy] = useState<string | null>(null)
  const [deleting, setDeleting] = useState<Row | null>(null)

  const act = async (row: Row, run: () => Promise<string>, failure: string, removed?: boolean) => {
    setBusy(row.id)
    try {
      toast.success(await run())
      await onChanged(removed ? row.id : undefined)
    } catch (error) {
      toast.error(failure, { description: error instanceof Error ? error.message : undefined })
    } finally {
      setBusy(null)
    }
  }
  const toggle = (row: Row) =>
    act(
      row,
      async () => {
        await client.admin.coupons.setActive.mutate({ id: row.id, isActive: !row.isActive })
        return row.isActive ? M.deactivated : M.activated
      },
      M.updateFailed,
    )
  const duplicate = (row: Row) =>
    act(
      row,
      async () => `${M.duplicated}: ${(await client.admin.coupons.duplicate.mutate({ id: row.id })).code}`,
      M.createFailed,
    )
  const remove = (row: Row) => {
    setDeleting(null)
    return act(
      row,
      async () => {
        await client.admin.coupons.remove.mutate({ id: row.id })
        return M.deleted
      },
      M.deleteFailed,
      true,
    )
  }

  if (rows.length === 0) return null
  return (
    <div className="relative mt-3 overflow-x-auto rounded-2xl surface">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Cupons encontrados</caption>
        <thead className="text-muted">
          <tr className="border-b border-theme">
            <th scope="col" className="px-3 py-2 font-medium">
              Código
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Status
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Usos
            </th>
            <th scope="col" className="hidden px-3 py-2 text-right font-medium md:table-cell">
              Conversões
            </th>
            <th scope="col" className="hidden px-3 py-2 text-right font-medium md:table-cell">
              Receita
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              <span className="sr-only">Ações</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr
              key={row.id}
              className="border-b border-theme align-top last:border-0"
              data-testid={`coupon-${row.code}`}
            >
              <td className="px-3 py-3">
                <span className="inline-flex items-center gap-1">
                  <span className="font-mono font-semibold">{row.code}</span>
                  <button
                    type="button"
                    className="btn btn-ghost px-2 py-1"
                    aria-label={`Copiar código ${row.code}`}
                    onClick={() => copyCode(row.code)}
                  >
                    <Copy aria-hidden className="h-4 w-4" />
                  </button>
                </span>
                <span className="block text-xs text-muted">
                  {discountOf(row)}
                  {row.minimumOrderValue > 0 && ` · mínimo ${formatBRL(row.minimumOrderValue)}`} ·{" "}
                  {validity(row)}
                </span>
                <RuleBadges row={row} />
              </td>
              <td className="px-3 py-3">
                <span
                  className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_CLASS[row.status]}`}
                >
                  {COUPON_STATUS_LABEL[row.status]}
                </span>
              </td>
              <td className="px-3 py-3 text-right whitespace-nowrap" data-testid="coupon-uses">
                {row.totalUses}
                {row.maxUses === null ? "" : ` / ${row.maxUses}`}
              </td>
              <td className="hidden px-3 py-3 text-right md:table-cell" data-testid="coupon-conversions">
                {row.conversions}
              </td>
              <td
                className="hidden px-3 py-3 text-right whitespace-nowrap md:table-cell"
                data-testid="coupon-revenue"
              >
                {formatBRL(row.revenue)}
              </td>
              <td className="px-3 py-3">
                <div className="flex flex-wrap justify-end gap-1">
                  <Action
                    icon={Pencil}
                    label="Editar"
                    code={row.code}
                    busy={busy === row.id}
                    onClick={() => onEdit(row)}
                  />
                  <Action
                    icon={Power}
                    label={row.isActive ? "Desativar" : "Ativar"}
                    code={row.code}
                    busy={busy === row.id}
                    onClick={() => toggle(row)}
                  />
                  <Action
                    icon={Copy}
                    label="Duplicar"
                    code={row.code}
                    busy={busy === row.id}
                    onClick={() => duplicate(row)}
                  />
                  <Action
                    icon={Trash2}
                    label="Excluir"
                    code={row.code}
                    busy={busy === row.id}
                    danger
                    onClick={() => setDeleting(row)}
                  />
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Dialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title={`Excluir o cupom ${deleting?.code ?? ""}?`}
        description={
          deleting && deleting.totalUses > 0
            ? "Os pedidos que já usaram este cupom mantêm o código e o desconto. Esta ação não pode ser desfeita."
            : "Esta ação não pode ser desfeita."
        }
      >
        <div className="flex justify-end gap-2">
          <button type="button" className="btn btn-ghost" data-autofocus onClick={() => setDeleting(null)}>
            Cancelar
          </button>
          <button type="button" className="btn btn-primary" onClick={() => deleting && remove(deleting)}>
            <Trash2 aria-hidden className="h-4 w-4" /> Excluir cupom
          </button>
        </div>
      </Dialog>
    </div>
  )
}

/** The coupon's rules switched on ('Uso único por cliente', 'Não acumula com moedas'), as the form names them. */
function RuleBadges({ row }: { row: Row }) {
  const rules = COUPON_RULES.filter((rule) => row[rule.name])
  if (rules.length === 0) return null
  return (
    <ul className="mt-1 flex flex-wrap gap-1" aria-label="Regras" data-testid="coupon-rules">
      {rules.map((rule) => (
        <li key={rule.name} className="rounded-full surface-2 px-2 py-0.5 text-xs font-medium">
          {rule.label}
        </li>
      ))}
    </ul>
  )
}

/** A row's action: its visible verb, named with the coupon's code for screen readers ("Duplicar NATAL10"). */
function Action({
  icon: Icon,
  label,
  code,
  busy,
  danger = false,
  onClick,
}: {
  icon: typeof Copy
  label: string
  code: string
  busy: boolean
  danger?: boolean
  onClick: () => void
}) {
  return (
    <button
      type="button"
      className={`btn btn-ghost px-2 py-1 text-xs ${danger ? "text-red-700 dark:text-red-300" : ""}`}
      disabled={busy}
      onClick={onClick}
    >
      <Icon aria-hidden className="h-4 w-4" /> {label}
      <span className="sr-only"> {code}</span>
    </button>
  )
}
