/** The events module's front door: what other modules and the server use of it. */

export type { DispatchOptions } from "./dispatchEvents"
export { describeFailure, dispatchEvents } from "./dispatchEvents"
export type { EventHandler } from "./EventHandler"
export { contactOfEvent, orderOfEvent } from "./eventReads"
export { listParkedEvents, requeueParkedEvent } from "./parkedEvents"
