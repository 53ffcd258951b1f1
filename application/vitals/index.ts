/** The vitals module's front door: what other modules and the server use of it. */
export { recordWebVitals } from "./recordWebVitals"
