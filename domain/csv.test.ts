import { describe, expect, it } from "vitest"
import { CSV_BOM, csvAmount, csvCell, csvDocument } from "./csv"

describe("csv for Excel in pt-BR", () => {
  it("starts with the BOM, separates with ; and ends rows with CRLF", () => {
    expect(csvDocument(["Número", "Total"], [["LG-2026-000001", csvAmount(123456)]])).toBe(
      `${CSV_BOM}Número;Total\r\nLG-2026-000001;1234,56\r\n`,
    )
  })

  it("writes amounts with a decimal comma and no thousands mark", () => {
    expect(csvAmount(0)).toBe("0,00")
    expect(csvAmount(5)).toBe("0,05")
    expect(csvAmount(29990)).toBe("299,90")
    expect(csvAmount(123456789)).toBe("1234567,89")
    expect(csvAmount(-150)).toBe("-1,50")
    expect(csvCell(csvAmount(-150))).toBe("-1,50")
  })

  it("quotes separators, quotes and line breaks", () => {
    expect(csvCell('Ana "Aninha"; Souza')).toBe('"Ana ""Aninha""; Souza"')
    expect(csvCell("linha\r\noutra")).toBe('"linha\r\noutra"')
    expect(csvCell(null)).toBe("")
    expect(csvCell(3)).toBe("3")
  })

  it("never lets a cell run as a formula", () => {
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"')
    expect(csvCell("+5511")).toBe("'+5511")
    expect(csvCell("@soma")).toBe("'@soma")
    expect(csvCell("-x")).toBe("'-x")
  })
})
