import { Effect, Layer } from "effect"
import { AccountData, type Contact } from "../../application/ports/AccountData"
import { CertificateRegistry } from "../../application/ports/CertificateRegistry"
import { FulfilmentStore } from "../../application/ports/FulfilmentStore"
import { type AuditEntry, OrderAuditLog, type PlanAuditEntry } from "../../application/ports/OrderAuditLog"
import { type OrderNote, OrderNotes } from "../../application/ports/OrderNotes"
import type { Certificate } from "../../domain/fulfilment/certificate"
import { type Fulfilment, startFulfilment } from "../../domain/fulfilment/fulfilment"
import { isOrderEnd } from "../../domain/fulfilment/orderEnd"
import type { Transactional } from "./inMemoryEvents"
import type { InMemoryOrders } from "./inMemoryOrders"
import { strictFake } from "./strict"

interface Tables {
  fulfilments: Map<string, Fulfilment>
  unitsReleased: Set<string>
  audit: AuditEntry[]
  planAudit: PlanAuditEntry[]
  certificates: Map<string, Certificate>
  notes: OrderNote[]
}

const copy = <A>(value: A): A => structuredClone(value)

/**
 * The fulfilment ports over plain maps, joined to the in-memory order tables and their transactions, with the
 * adapters' contracts: a paid order starts waiting for production, an action key is recorded once, a numbered
 * unit is certified once, and one order has at most one live parcel.
 */
export function inMemoryFulfilment(contacts: Readonly<Record<string, Contact>> = {}) {
  const tables: Tables = {
    fulfilments: new Map(),
    unitsReleased: new Set(),
    audit: [],
    planAudit: [],
    certificates: new Map(),
    notes: [],
  }
  const participant: Transactional = {
    snapshot: () => {
      const saved = copy(tables)
      return () => Object.assign(tables, saved)
    },
  }

  const layerFor = (db: InMemoryOrders) => {
    const { write } = db
    const read = (orderId: string) => {
      const order = db.order(orderId)
      if (!order) return null
      const fulfilment =
        tables.fulfilments.get(orderId) ?? (order.status === "paid" ? startFulfilment(order) : null)
      return copy({ order, fulfilment })
    }
    const store = FulfilmentStore.of({
      get: (orderId) => write(() => read(orderId)),
      lock: (orderId) => write(() => read(orderId)),
      claimUnitsRelease: (orderId) =>
        write(() => {
          if (tables.unitsReleased.has(orderId)) return false
          tables.unitsReleased.add(orderId)
          return true
        }),
      save: (f) =>
        Effect.flatMap(
          write(() => {
            const live = f.shipments.filter((s) => s.status !== "returned" && s.status !== "failed")
            if (live.length > 1) return false
            tables.fulfilments.set(f.orderId, copy(f))
            return true
          }),
          (saved) =>
            saved ? Effect.void : Effect.die(new Error("FulfilmentStore.save: two live shipments")),
        ),
      findByTrackingCode: (code) =>
        write(() => {
          const text = code.trim().toUpperCase()
          if (!text) return null
          const ours = db.orders().find((o) => o.trackingCode === text)
          if (ours) return ours.id
          const theirs = [...tables.fulfilments.values()].find((f) =>
            f.shipments.some((s) => s.trackingCode.toUpperCase() === text),
          )
          return theirs?.orderId ?? null
        }),
      findByNumber: (orderNumber) =>
        write(() => db.orders().find((o) => o.number === orderNumber.trim().toUpperCase())?.id ?? null),
    })
    const audit = OrderAuditLog.of({
      record: (entry) =>
        write(() => {
          if (tables.audit.some((e) => e.actionKey === entry.actionKey)) return false
          tables.audit.push(copy(entry))
          return true
        }),
      findByKey: (key) => write(() => copy(tables.audit.find((e) => e.actionKey === key) ?? null)),
      listFor: (orderId) => write(() => copy(tables.audit.filter((e) => e.orderId === orderId))),
      recordPlanChange: (entry) =>
        write(() => {
          const keys = [...tables.audit, ...tables.planAudit].map((e) => e.actionKey)
          if (keys.includes(entry.actionKey)) return false
          tables.planAudit.push(copy(entry))
          return true
        }),
      listForPlan: (planId) => write(() => copy(tables.planAudit.filter((e) => e.planId === planId))),
    })
    const certificates = CertificateRegistry.of({
      issue: (issued) =>
        write(() => {
          for (const c of issued)
            if (
              !isOrderEnd(tables.fulfilments.get(c.orderId)?.status ?? "awaiting_production") &&
              ![...tables.certificates.values()].some(
                (o) => o.productId === c.productId && o.serial === c.serial,
              )
            )
              tables.certificates.set(c.code, copy(c))
        }),
      byCode: (code) => write(() => copy(tables.certificates.get(code) ?? null)),
      forOrder: (orderId) =>
        write(() => copy([...tables.certificates.values()].filter((c) => c.orderId === orderId))),
      revokeForOrder: (orderId, at) =>
        write(() => {
          for (const [code, c] of tables.certificates)
            if (c.orderId === orderId && c.revokedAt === null)
              tables.certificates.set(code, { ...c, revokedAt: at })
        }),
    })
    const notes = OrderNotes.of({
      add: (note) =>
        write(() => {
          if (!tables.notes.some((n) => n.id === note.id)) tables.notes.push(copy(note))
        }),
      listFor: (orderId) => write(() => copy(tables.notes.filter((n) => n.orderId === orderId))),
    })
    return Layer.mergeAll(
      Layer.succeed(FulfilmentStore, store),
      Layer.succeed(OrderAuditLog, audit),
      Layer.succeed(CertificateRegistry, certificates),
      Layer.succeed(OrderNotes, notes),
      Layer.succeed(
        AccountData,
        strictFake<AccountData["Service"]>("AccountData", {
          contactOf: (userId) => Effect.succeed(contacts[userId] ?? null),
        }),
      ),
    )
  }

  return {
    participant,
    layerFor,
    fulfilment: (orderId: string) => tables.fulfilments.get(orderId),
    audit: () => tables.audit,
    planAudit: () => tables.planAudit,
    certificates: () => [...tables.certificates.values()],
    notes: () => tables.notes,
  }
}
