/** The reports module's front door: what other modules and the server use of it. */
export { exportReport } from "./exportReport"
export { getSalesReport } from "./getSalesReport"
export { REPORT_SHEETS } from "./reportSheets"
