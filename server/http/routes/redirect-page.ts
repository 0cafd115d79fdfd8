import { type FastifyReply, type FastifyRequest } from 'fastify';
import { ERROR_HTTP_STATUS, type ErrorCode } from '../../../src/contract/errors';

/** The SPA's page where a member's payment status keeps being checked. */
const STATUS_PAGE = '/payment-status';

interface PageText {
  lang: string;
  title: string;
  body: string;
  link: string;
}

/** The member's languages, as the SPA offers them (English, French, Chinese). */
const TEXTS: Record<'en' | 'fr' | 'zh', PageText> = {
  en: {
    lang: 'en',
    title: 'Payment not confirmed',
    body: 'We could not confirm this payment from the address your browser came back with. If you paid, your payment is still being checked with the gateway.',
    link: 'See your payment status',
  },
  fr: {
    lang: 'fr',
    title: 'Paiement non confirmé',
    body: 'Nous n’avons pas pu confirmer ce paiement à partir de l’adresse de retour de votre navigateur. Si vous avez payé, votre paiement est encore en cours de vérification auprès de la passerelle.',
    link: 'Voir l’état de votre paiement',
  },
  zh: {
    lang: 'zh',
    title: '付款未确认',
    body: '我们无法根据您的浏览器返回的地址确认此付款。如果您已付款，我们仍在向支付网关核实。',
    link: '查看付款状态',
  },
};

/** A browser navigating (the payer's tab) asks for text/html; API clients do not. */
export function wantsHtml(request: FastifyRequest): boolean {
  return /\btext\/html\b/i.test(request.headers.accept ?? '');
}

/** The first language of Accept-Language we speak; English otherwise. */
function pickText(acceptLanguage: string | undefined): PageText {
  for (const part of (acceptLanguage ?? '').split(',')) {
    const tag = part.split(';')[0].trim().toLowerCase().slice(0, 2);
    if (tag === 'fr' || tag === 'zh' || tag === 'en') return TEXTS[tag];
  }
  return TEXTS.en;
}

/**
 * A refused gateway redirect (forged, expired or malformed) answers the payer's tab: a page in
 * the member's language that says the payment could not be confirmed and links to the page
 * where its status keeps being checked, never the API's JSON. It keeps the refusal's HTTP
 * status, and names its code in data-code.
 */
export function sendRedirectRefusal(
  reply: FastifyReply,
  request: FastifyRequest,
  code: ErrorCode,
): FastifyReply {
  const text = pickText(request.headers['accept-language']);
  const html = `<!doctype html>
<html lang="${text.lang}"><head><meta charset="utf-8"><title>${text.title}</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body data-code="${code}"><main><h1>${text.title}</h1><p>${text.body}</p>
<p><a href="${STATUS_PAGE}">${text.link}</a></p></main></body></html>`;
  return reply
    .code(ERROR_HTTP_STATUS[code])
    .header('Cache-Control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(html);
}
