import { type OpsResponseOf } from '../../../src/contract/ops-endpoints';
import { schemaOf } from '../../http/routes/json-schema';

/** The `data` schemas of the audit log's calls, typed from the contract (ops-endpoints.ts). */

const text = { type: 'string' } as const;
const nullableText = { type: ['string', 'null'] } as const;
const count = { type: 'integer' } as const;
const time = { type: 'string', format: 'date-time' } as const;

const checkpoint = {
  type: 'object',
  required: ['entries', 'head_hash', 'signed_at'],
  properties: { entries: count, head_hash: text, signed_at: time },
} as const;

export const checkpointAnswer = schemaOf<OpsResponseOf<'auditCheckpoint'>>()(checkpoint);

export const auditListAnswer = schemaOf<OpsResponseOf<'audit'>>()({
  type: 'object',
  required: ['items', 'next_cursor', 'chain', 'target_labels'],
  properties: {
    items: {
      type: 'array',
      items: {
        type: 'object',
        required: [
          'seq',
          'at',
          'actor_id',
          'actor_name',
          'actor_role',
          'address',
          'action',
          'target_type',
          'target_id',
          'reason',
          'changes',
          'prev_hash',
          'hash',
        ],
        properties: {
          seq: count,
          at: time,
          actor_id: nullableText,
          actor_name: text,
          actor_role: nullableText,
          address: nullableText,
          action: text,
          target_type: nullableText,
          target_id: nullableText,
          reason: nullableText,
          changes: {
            description: 'Each changed field, before and after.',
            anyOf: [
              {
                type: 'object',
                additionalProperties: {
                  type: 'object',
                  // Not required: a field added or removed has no value on one side.
                  required: [],
                  properties: { before: {}, after: {} },
                },
              },
              { type: 'null' },
            ],
          },
          prev_hash: text,
          hash: text,
        },
      },
    },
    next_cursor: nullableText,
    chain: {
      type: 'object',
      required: ['verified', 'entries', 'first_bad_seq', 'last_checkpoint'],
      properties: {
        verified: { type: 'boolean' },
        entries: count,
        first_bad_seq: { type: ['integer', 'null'] },
        last_checkpoint: { anyOf: [checkpoint, { type: 'null' }] },
      },
    },
    target_labels: {
      type: 'object',
      description: 'The targets by name, keyed `${target_type}:${target_id}`.',
      additionalProperties: text,
    },
  },
});
