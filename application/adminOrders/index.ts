/** The adminOrders module's front door: what other modules and the server use of it. */
export { exportAdminOrders } from "./exportAdminOrders"
export { getAdminOrder } from "./getAdminOrder"
export { listAdminOrders, listOrderCollections } from "./listAdminOrders"
