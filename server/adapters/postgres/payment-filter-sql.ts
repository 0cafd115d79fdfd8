import { type PaymentFilter } from '../../domain/ops/payment-filter';

/** A condition over `transactions t` and its parameters. */
export interface FilterSql {
  /** Without the WHERE keyword; `TRUE` for an empty filter. */
  sql: string;
  params: unknown[];
}

/**
 * The payments search's condition over `transactions t`, its parameters numbered from `first`
 * (the caller's own come before). Shared by the console's search and its CSV export so both find
 * the same rows. Each field has an index to start from (migration 012): the exact references are
 * unique (id, receipt_number, gateway_ref), a member's payments are read by member_id, and status,
 * gateway, the date range and the amount range each lead an index ordered by created_at.
 */
export function paymentFilterSql(filter: PaymentFilter, first: number): FilterSql {
  const params: unknown[] = [];
  const clauses: string[] = [];
  const param = (value: unknown, cast = '') => {
    params.push(value);
    return `$${first + params.length - 1}${cast}`;
  };
  if (filter.ref !== undefined) {
    const ref = param(filter.ref, '::text');
    clauses.push(`(t.id = ${ref} OR t.receipt_number = ${ref} OR t.gateway_ref = ${ref})`);
  }
  if (filter.member !== undefined) {
    const member = param(filter.member, '::text[]');
    clauses.push(
      `t.member_id IN (SELECT m.id FROM members m
        WHERE m.phone_no = ANY(${member}) OR m.ic_or_passport = ANY(${member}))`,
    );
  }
  if (filter.status !== undefined) clauses.push(`t.status = ${param(filter.status, '::text')}`);
  if (filter.gateway !== undefined) clauses.push(`t.gateway = ${param(filter.gateway, '::text')}`);
  if (filter.from !== undefined) {
    clauses.push(`t.created_at >= ${param(filter.from, '::timestamptz')}`);
  }
  if (filter.until !== undefined) {
    clauses.push(`t.created_at < ${param(filter.until, '::timestamptz')}`);
  }
  if (filter.minSen !== undefined) clauses.push(`t.amount_sen >= ${param(filter.minSen, '::int')}`);
  if (filter.maxSen !== undefined) clauses.push(`t.amount_sen <= ${param(filter.maxSen, '::int')}`);
  return { sql: clauses.length === 0 ? 'TRUE' : clauses.join(' AND '), params };
}
