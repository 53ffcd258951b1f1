/** The settings module's front door: what other modules and the server use of it. */
export { getSettings } from "./getSettings"
export { importShippingTable } from "./importShippingTable"
export { saveSettings } from "./saveSettings"
