export * from "./form"
export * from "./sla"
export type { SupportEvent } from "./supportEvents"
export * from "./tickets"
