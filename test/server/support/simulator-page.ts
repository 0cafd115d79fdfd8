/**
 * The payment page a gateway simulator serves the payer's browser: the amount and the bill, and
 * two buttons that post to `${action}/approve` or `${action}/decline` (the simulator then sends
 * its callback and the payer's tab back, as the gateway does).
 */
export function approvalPage(gateway: string, bill: string, amountSen: number, action: string) {
  const amount = `RM ${(amountSen / 100).toFixed(2)}`;
  const button = (decision: string, label: string) =>
    `<form method="post" action="${escape(`${action}/${decision}`)}">` +
    `<button type="submit">${label}</button></form>`;
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(gateway)}</title>` +
    `</head><body><h1>${escape(gateway)}</h1><p>Bill ${escape(bill)}</p><p>${amount}</p>` +
    `${button('approve', 'Approve payment')}${button('decline', 'Decline payment')}</body></html>`
  );
}

/** Where the simulator sends the payer's tab: the merchant's return address with the query. */
export function returnAddress(returnUrl: string, query: string): string {
  return `${returnUrl}${returnUrl.includes('?') ? '&' : '?'}${query}`;
}

const escape = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
