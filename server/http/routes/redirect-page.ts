import { type FastifyReply, type FastifyRequest } from 'fastify';
import { ERROR_HTTP_STATUS, type ErrorCode } from '../../../src/contract/errors';
import {
  LANGUAGE_TAGS,
  languageOfAcceptLanguage,
  type Language,
} from '../../../src/contract/languages';

/** The SPA's page where a member's payment status keeps being checked. */
const STATUS_PAGE = '/payment-status';

interface PageText {
  title: string;
  body: string;
  link: string;
}

/** The page in each of the member's languages, as the SPA offers them. */
const TEXTS: Record<Language, PageText> = {
  en: {
    title: 'Payment not confirmed',
    body: 'We could not confirm this payment from the address your browser came back with. If you paid, your payment is still being checked with the gateway.',
    link: 'See your payment status',
  },
  fr: {
    title: 'Paiement non confirmé',
    body: 'Nous n’avons pas pu confirmer ce paiement à partir de l’adresse de retour de votre navigateur. Si vous avez payé, votre paiement est encore en cours de vérification auprès de la passerelle.',
    link: 'Voir l’état de votre paiement',
  },
  zn: {
    title: '付款未确认',
    body: '我们无法根据您的浏览器返回的地址确认此付款。如果您已付款，我们仍在向支付网关核实。',
    link: '查看付款状态',
  },
  ms: {
    title: 'Bayaran tidak disahkan',
    body: 'Kami tidak dapat mengesahkan bayaran ini daripada alamat yang dibawa kembali oleh pelayar anda. Jika anda telah membuat bayaran, bayaran anda masih sedang disemak dengan gerbang pembayaran.',
    link: 'Lihat status bayaran anda',
  },
};

/** A browser navigating (the payer's tab) asks for text/html; API clients do not. */
export function wantsHtml(request: FastifyRequest): boolean {
  return /\btext\/html\b/i.test(request.headers.accept ?? '');
}

/**
 * A refused gateway redirect (forged, expired or malformed) answers the payer's tab: a page in
 * the member's language (the browser's Accept-Language) that says the payment could not be
 * confirmed and links to the page where its status keeps being checked, never the API's JSON.
 * It keeps the refusal's HTTP status, and names its code in data-code.
 */
export function sendRedirectRefusal(
  reply: FastifyReply,
  request: FastifyRequest,
  code: ErrorCode,
): FastifyReply {
  const language = languageOfAcceptLanguage(request.headers['accept-language']);
  const text = TEXTS[language];
  const html = `<!doctype html>
<html lang="${LANGUAGE_TAGS[language]}"><head><meta charset="utf-8"><title>${text.title}</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body data-code="${code}"><main><h1>${text.title}</h1><p>${text.body}</p>
<p><a href="${STATUS_PAGE}">${text.link}</a></p></main></body></html>`;
  return reply
    .code(ERROR_HTTP_STATUS[code])
    .header('Cache-Control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(html);
}
