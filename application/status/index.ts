/** The status module's front door: what other modules and the server use of it. */
export { getSystemStatus } from "./getSystemStatus"
export { probeServices } from "./probeServices"
