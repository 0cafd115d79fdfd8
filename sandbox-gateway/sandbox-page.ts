/**
 * Server-rendered pages of the sandbox gateway: no scripts and no inline styles (the CSP allows
 * neither), one stylesheet served by the gateway, and every interpolated value HTML-escaped.
 */

export const SANDBOX_CSS_PATH = '/sandbox.css';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => ESCAPES[c]);

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="${SANDBOX_CSS_PATH}">
</head>
<body>
<main class="card">
<p class="badge">Sandbox gateway &middot; no real money moves</p>
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
  /** Proves a decision comes from the tab that received the signed form. */
  sessionToken: string;
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
  return layout(
    `Pay ${model.merchantName}`,
    `<h1>${escapeHtml(model.merchantName)}</h1>
<p class="amount">RM ${escapeHtml(model.amount)}</p>
<dl class="details">
<dt>Transaction ID</dt>
<dd class="transaction-id">${escapeHtml(model.transactionId)}</dd>
<dt>Method</dt>
<dd>DuitNow QR</dd>
</dl>
<figure class="qr">
<img src="${escapeHtml(model.qrDataUri)}" width="240" height="240" alt="DuitNow QR code for transaction ${escapeHtml(model.transactionId)}">
<figcaption>Scan with your banking app, or decide below.</figcaption>
</figure>
<div class="actions">
${decisionForm(model.transactionId, 'approve', model.sessionToken, 'Approve payment')}
${decisionForm(model.transactionId, 'decline', model.sessionToken, 'Decline payment')}
</div>`,
  );
}

export function renderErrorPage(title: string, detail: string): string {
  return layout(title, `<h1>${escapeHtml(title)}</h1>\n<p class="error">${escapeHtml(detail)}</p>`);
}
