/**
 * Server-rendered pages of the sandbox gateway: no scripts and no inline styles (the CSP allows
 * neither), one stylesheet served by the gateway, and every interpolated value HTML-escaped.
 */

import { FALLBACK_LANGUAGE, LANGUAGE_TAGS, type Language } from '../src/contract/languages';
import { paymentMethodName } from '../src/contract/payment-methods';
import type { PaymentMethod } from '../src/contract/rules';
import { PAYMENT_PAGE_TEXTS } from './sandbox-page-texts';

export const SANDBOX_CSS_PATH = '/sandbox.css';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => ESCAPES[c]);

function layout(title: string, body: string, language: Language = FALLBACK_LANGUAGE): string {
  return `<!doctype html>
<html lang="${LANGUAGE_TAGS[language]}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="${SANDBOX_CSS_PATH}">
</head>
<body>
<main class="card">
<p class="badge">${escapeHtml(PAYMENT_PAGE_TEXTS[language].badge)}</p>
${body}
</main>
</body>
</html>
`;
}

export interface PaymentPageModel {
  merchantName: string;
  transactionId: string;
  /** '123.45' */
  amount: string;
  qrDataUri: string;
  /** The hand-off's method, named as the portal's screens and receipts name it; QR when absent. */
  paymentMethod?: PaymentMethod;
  /** Proves a decision comes from the tab that received the signed form. */
  sessionToken: string;
  /** The payer's language (their browser's Accept-Language); English when not given. */
  language?: Language;
}

/** Where the payment page's buttons post: this gateway's own origin. */
export const decisionPath = (transactionId: string, decision: 'approve' | 'decline'): string =>
  `/pay/${encodeURIComponent(transactionId)}/${decision}`;

const decisionForm = (
  transactionId: string,
  decision: 'approve' | 'decline',
  sessionToken: string,
  label: string,
): string => `<form method="post" action="${decisionPath(transactionId, decision)}">
<input type="hidden" name="session" value="${escapeHtml(sessionToken)}">
<button type="submit" class="button ${decision}">${label}</button>
</form>`;

export function renderPaymentPage(model: PaymentPageModel): string {
  const language = model.language ?? FALLBACK_LANGUAGE;
  const text = PAYMENT_PAGE_TEXTS[language];
  const id = escapeHtml(model.transactionId);
  return layout(
    text.title(model.merchantName),
    `<h1>${escapeHtml(model.merchantName)}</h1>
<p class="amount">RM ${escapeHtml(model.amount)}</p>
<dl class="details">
<dt>${escapeHtml(text.transactionId)}</dt>
<dd class="transaction-id">${id}</dd>
<dt>${escapeHtml(text.method)}</dt>
<dd>${escapeHtml(paymentMethodName(model.paymentMethod ?? 'qr', language))}</dd>
</dl>
<figure class="qr">
<img src="${escapeHtml(model.qrDataUri)}" width="240" height="240" alt="${escapeHtml(text.qrAlt(model.transactionId))}">
<figcaption>${escapeHtml(text.qrCaption)}</figcaption>
</figure>
<div class="actions">
${decisionForm(model.transactionId, 'approve', model.sessionToken, escapeHtml(text.approve))}
${decisionForm(model.transactionId, 'decline', model.sessionToken, escapeHtml(text.decline))}
</div>`,
    language,
  );
}

export function renderErrorPage(title: string, detail: string): string {
  return layout(title, `<h1>${escapeHtml(title)}</h1>\n<p class="error">${escapeHtml(detail)}</p>`);
}
