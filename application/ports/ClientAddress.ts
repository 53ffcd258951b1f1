import { Context } from "effect"

/** The address the current request came from (as the HTTP edge established it), for abuse limits. */
export const ClientAddress = Context.Reference<string>("store/application/ClientAddress", {
  defaultValue: () => "unknown",
})
