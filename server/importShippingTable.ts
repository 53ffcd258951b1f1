// `npm run shipping:import -- tabela.csv [--replace]`: loads the official shipping table from a CSV file
// (header: servico,cep_origem,cep_inicio,cep_fim,peso_min_g,peso_max_g,preco,prazo_min,prazo_max)
// into the configured database. Bad lines are listed and nothing is written.
import { readFileSync } from "node:fs"
import { connectDatabase } from "../adapters/db/connect"
import { migrateToLatest } from "../adapters/db/migrate"
import { loadShippingTable, parseShippingTableCsv } from "../adapters/shipping/shippingTableCsv"
import { loadConfig } from "./config"
import { databaseTarget } from "./runtime"

const [file, ...flags] = process.argv.slice(2)
if (!file) {
  console.error("Uso: npm run shipping:import -- arquivo.csv [--replace]")
  process.exit(2)
}
const { rows, errors } = parseShippingTableCsv(readFileSync(file, "utf8"))
if (errors.length > 0) {
  console.error(`O arquivo tem ${errors.length} linha(s) inválida(s):\n${errors.join("\n")}`)
  process.exit(1)
}
const handle = connectDatabase(databaseTarget(loadConfig()))
try {
  await migrateToLatest(handle.db)
  const inserted = await loadShippingTable(handle.db, rows, { replace: flags.includes("--replace") })
  console.log(`${inserted} faixa(s) de frete importada(s).`)
} finally {
  await handle.close()
}
