/** The tracking page's texts (spec 002 §5, §8), shared by the server's error mapping and the page. */
export const TRACKING_MESSAGES = {
  required: { title: "Código obrigatório", message: "Por favor, insira um código de rastreamento." },
  notFound: {
    title: "Código não encontrado",
    message: "Verifique se o código está correto e tente novamente.",
  },
  copied: "Código copiado!",
} as const
